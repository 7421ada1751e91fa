package io.llmharness.cli.sim;

import io.llmharness.simulator.Latency;
import io.llmharness.simulator.LatencyMode;
import java.util.function.Predicate;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/** {@link Latency}: fixed or batch timing and their parameters. */
final class LatencyFlags {
    /** The flags that choose fixed mode when {@code --latency-mode} is not given. */
    private static final String[] FIXED_MODE_FLAGS = {"--ttft", "--itl", "--ttft-std-dev", "--itl-std-dev"};

    private static final Latency.Fixed FIXED = Latency.zero();
    private static final Latency.Batch BATCH = Latency.Batch.DEFAULTS;

    @Option(
            names = "--latency-mode",
            description = "fixed or batch (default: fixed when --ttft, --itl or their jitter is given,"
                    + " else ${DEFAULT-VALUE}).")
    LatencyMode latencyMode = Latency.DEFAULT.mode();

    @Option(
            names = {"--ttft", "--time-to-first-token"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: time to first token, ms, or 100ms, 1.5s (default: ${DEFAULT-VALUE}).")
    double ttft = FIXED.ttftMs();

    @Option(
            names = {"--itl", "--inter-token-latency"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: inter-token latency, ms (default: ${DEFAULT-VALUE}).")
    double itl = FIXED.itlMs();

    @Option(
            names = {"--ttft-std-dev", "--time-to-first-token-std-dev"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: TTFT jitter (standard deviation), ms (default: ${DEFAULT-VALUE}).")
    double ttftStdDev = FIXED.ttftStdDevMs();

    @Option(
            names = {"--itl-std-dev", "--inter-token-latency-std-dev"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: ITL jitter (standard deviation), ms (default: ${DEFAULT-VALUE}).")
    double itlStdDev = FIXED.itlStdDevMs();

    @Option(
            names = "--time-factor-under-load",
            description = "Fixed mode: latency factor with all slots busy, >= 1 (default: ${DEFAULT-VALUE}).")
    double timeFactorUnderLoad = FIXED.timeFactorUnderLoad();

    @Option(
            names = "--prefill-tokens-per-second",
            description = "Batch mode: prefill throughput, tokens/s; 0 = free (default: ${DEFAULT-VALUE}).")
    double prefillTokensPerSecond = BATCH.prefillTokensPerSecond();

    @Option(
            names = {"--prefill-overhead-ms", "--prefill-overhead"},
            converter = SimConverters.Millis.class,
            description = "Batch mode: extra time of a step with prefill work, ms (default: ${DEFAULT-VALUE}).")
    double prefillOverheadMs = BATCH.prefillOverheadMs();

    @Option(
            names = "--decode-step-ms",
            converter = SimConverters.Millis.class,
            description = "Batch mode: engine step time with one sequence, ms (default: ${DEFAULT-VALUE}).")
    double decodeStepMs = BATCH.decodeStepMs();

    @Option(
            names = "--decode-step-ms-per-seq",
            converter = SimConverters.Millis.class,
            description =
                    "Batch mode: step time added per extra sequence in the batch, ms" + " (default: ${DEFAULT-VALUE}).")
    double decodeStepMsPerSeq = BATCH.decodeStepMsPerSeq();

    /**
     * The latency model; {@code given} tells which flags were on the command line. Both models are built, so every
     * latency flag is checked whichever mode runs.
     */
    Latency toLatency(Predicate<String> given) {
        Latency.Fixed fixed = new Latency.Fixed(ttft, itl, ttftStdDev, itlStdDev, timeFactorUnderLoad);
        Latency.Batch batch =
                new Latency.Batch(prefillTokensPerSecond, prefillOverheadMs, decodeStepMs, decodeStepMsPerSeq);
        boolean fixedMode = given.test("--latency-mode")
                ? latencyMode == LatencyMode.FIXED
                : Stream.of(FIXED_MODE_FLAGS).anyMatch(given);
        return fixedMode ? fixed : batch;
    }
}
