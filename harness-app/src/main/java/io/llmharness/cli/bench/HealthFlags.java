package io.llmharness.cli.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.metrics.HealthThresholds;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The client-health thresholds each stage is judged against: {@code --client-health-threshold KEY=VALUE}, the same
 * keys and messages as {@code harness run}'s. See docs/bench.md, "Client health".
 */
public final class HealthFlags {

    /** The flag's name. */
    public static final String FLAG = "--client-health-threshold";

    @Option(
            names = FLAG,
            paramLabel = "KEY=VALUE",
            description = "Override a client-health threshold each stage is judged against: schedule_delay_p99_ms,"
                    + " connection_wait_p99_ms, loop_lag_p99_ms, gc_pause_max_ms, gc_pause_share, cpu_share"
                    + " (repeatable; see docs/bench.md).")
    List<String> thresholds = new ArrayList<>();

    /**
     * The thresholds: the defaults with every {@code KEY=VALUE} applied.
     *
     * @throws HarnessException (usage) naming the flag, the entry and why it is not usable
     */
    public HealthThresholds thresholds() {
        try {
            return HealthThresholds.of(thresholds);
        } catch (IllegalArgumentException e) {
            throw HarnessException.usage(FLAG + " " + e.getMessage());
        }
    }
}
