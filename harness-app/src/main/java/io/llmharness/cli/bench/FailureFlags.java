package io.llmharness.cli.bench;

import picocli.CommandLine.Option;

/** When failed requests fail a workload run: {@code --max-failure-rate}. See docs/bench.md. */
public final class FailureFlags {

    @Option(
            names = "--max-failure-rate",
            paramLabel = "SHARE",
            description = "Share of failed requests (0-1) above which the run's verdict is FAILED-REQUESTS (exit 5)."
                    + " Default: none, failures are reported but do not fail the run (inference-perf's behaviour).")
    Double maxFailureRate;

    /** {@code --max-failure-rate}, or null when not given. */
    public Double maxFailureRate() {
        return maxFailureRate;
    }
}
