package io.llmharness.benchmark;

/**
 * What LoadGen needs to run one benchmark in one scenario: the model name for config lookups, the LoadGen
 * scenario, and the facts the SUT must honour.
 *
 * @param modelName LoadGen model name ({@code mlperf.conf} spelling), e.g. {@code gpt-oss-120b-interactive}
 * @param scenario the scenario the user asked for (also the result directory name)
 * @param limits latency limits of that model name (informational; LoadGen reads them from mlperf.conf)
 * @param tokenLatencies whether {@code use_token_latencies} is on, i.e. responses carry {@code n_tokens} and
 *     TTFT/TPOT are measured
 * @param performanceSampleCount samples LoadGen keeps loaded in performance mode
 * @param accuracySampleCount samples LoadGen issues in accuracy mode
 */
public record LoadGenTarget(
        String modelName,
        RunScenario scenario,
        LatencyLimits limits,
        boolean tokenLatencies,
        int performanceSampleCount,
        int accuracySampleCount) {

    /** The LoadGen scenario to configure ({@code Server} for Interactive). */
    public String loadgenScenario() {
        return scenario.loadgenScenario();
    }

    /**
     * Whether the SUT must report the first token ({@code FirstTokenComplete}) before completing a sample: with
     * token latencies on, every scenario except Offline requires it (SingleStream included).
     */
    public boolean firstTokenRequired() {
        return tokenLatencies && scenario != RunScenario.OFFLINE;
    }
}
