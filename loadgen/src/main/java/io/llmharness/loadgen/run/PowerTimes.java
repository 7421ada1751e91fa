package io.llmharness.loadgen.run;

import io.llmharness.loadgen.log.DetailLog;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The {@code power_begin}/{@code power_end} lines: UTC wall-clock times of the run's active period. */
final class PowerTimes {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("MM-dd-yyyy HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private PowerTimes() {}

    /** Logs begin = run start, end = begin + (latest completion - start). */
    static void log(DetailLog detail, long startEpochNanos, long activeNanos) {
        detail.string("power_begin", format(startEpochNanos));
        detail.string("power_end", format(startEpochNanos + activeNanos));
    }

    static String format(long epochNanos) {
        return FORMAT.format(Instant.ofEpochSecond(
                Math.floorDiv(epochNanos, 1_000_000_000L), Math.floorMod(epochNanos, 1_000_000_000L)));
    }
}
