package io.llmharness.benchmark;

import java.util.Set;

/**
 * One LoadGen model name of a benchmark and the scenarios that run under it, e.g. {@code llama3_1-8b} for
 * Offline and Server, {@code llama3_1-8b-interactive} for Interactive.
 *
 * @param modelName the name used for {@code mlperf.conf} / {@code user.conf} lookups (underscore spelling for
 *     Llama 3.1: {@code llama3_1-8b})
 * @param scenarios the run scenarios that use this name
 * @param limits the Server-scenario latency limits of this name
 */
public record LoadGenVariant(String modelName, Set<RunScenario> scenarios, LatencyLimits limits) {

    public LoadGenVariant {
        scenarios = Set.copyOf(scenarios);
    }
}
