package io.llmharness.loadgen.run;

import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.log.CFormat;
import io.llmharness.loadgen.log.DetailLog;

/**
 * A monotonic and a wall-clock reading taken back to back, for the end-of-run check that the two clocks
 * advanced alike (ratio outside [0.99, 1.01] is an error, outside [0.999, 1.001] a warning).
 *
 * <p>The C++ LoadGen compares whole milliseconds of two clocks that are the same clock in libstdc++. Java's
 * clocks are distinct, so truncating each to whole ms would flag short runs at random; the ratio here uses
 * nanoseconds, from readings retaken until both fall within 20 µs.
 */
record ClockPair(long nanos, long epochNanos) {

    private static final long MAX_SKEW_NANOS = 20_000;

    static ClockPair sample(Clock clock) {
        ClockPair best = null;
        long bestSpread = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 8; attempt++) {
            long before = clock.nanoTime();
            long wall = clock.epochNanos();
            long after = clock.nanoTime();
            long spread = after - before;
            if (spread < bestSpread) {
                bestSpread = spread;
                best = new ClockPair(before + spread / 2, wall);
            }
            if (spread <= MAX_SKEW_NANOS) {
                break;
            }
        }
        return best;
    }

    static void check(ClockPair begin, ClockPair end, boolean print, DetailLog detail) {
        long pc = end.nanos - begin.nanos;
        long sc = end.epochNanos - begin.epochNanos;
        float ratio = (float) pc / (float) sc;
        if (print) {
            System.out.println(
                    "Loadgen :: Perf mode stop. systme_clock Timestamp = " + end.epochNanos / 1_000_000_000L);
            System.out.println("Loadgen :: PerfClock Perf duration = " + pc / 1_000_000 + "ms");
            System.out.println("Loadgen :: system_clock Perf duration = " + sc / 1_000_000 + "ms");
            System.out.println("Loadgen :: PerfClock/system_clock ratio = " + CFormat.f(ratio, 4));
        }
        if (ratio > 1.01 || ratio < 0.99) {
            detail.error(
                    "error_runtime",
                    "PerfClock and system_clock differ by more than 1%!  pc_sc_ratio: " + CFormat.g(ratio));
        } else if (ratio > 1.001 || ratio < 0.999) {
            detail.warning("PerfClock and system_clock differ by more than 0.1%!  pc_sc_ratio: " + CFormat.g(ratio));
        }
    }
}
