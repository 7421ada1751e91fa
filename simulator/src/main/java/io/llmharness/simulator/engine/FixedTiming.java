package io.llmharness.simulator.engine;

import io.llmharness.simulator.Latency;
import java.util.SplittableRandom;

/**
 * Turns {@link Latency.Fixed} into durations (nanoseconds): per-sequence TTFT and ITL with normal jitter clamped to
 * ±70 %, times a load factor. Not thread-safe (owns the jitter random source); one per engine.
 */
final class FixedTiming {
    private static final double NANOS_PER_MS = 1_000_000.0;
    private final Latency.Fixed latency;
    private final int maxNumSeqs;
    private final SplittableRandom rng;

    FixedTiming(Latency.Fixed latency, int maxNumSeqs, long seed) {
        this.latency = latency;
        this.maxNumSeqs = maxNumSeqs;
        this.rng = new SplittableRandom(seed);
    }

    /** Time from admission to the first token. */
    long ttftNanos(int running) {
        return jittered(latency.ttftMs(), latency.ttftStdDevMs(), running);
    }

    /** Time from one token to the next. */
    long itlNanos(int running) {
        return jittered(latency.itlMs(), latency.itlStdDevMs(), running);
    }

    private long jittered(double meanMs, double stdDevMs, int running) {
        double ms = meanMs;
        if (stdDevMs > 0 && meanMs > 0) {
            double sample = meanMs + rng.nextGaussian() * stdDevMs;
            ms = Math.max(meanMs * 0.3, Math.min(meanMs * 1.7, sample));
        }
        return Math.round(ms * loadFactor(running) * NANOS_PER_MS);
    }

    /** 1.0 with one running sequence, {@code timeFactorUnderLoad} with all slots busy, linear in between. */
    double loadFactor(int running) {
        if (maxNumSeqs <= 1 || running <= 1) {
            return 1.0;
        }
        return 1.0 + (latency.timeFactorUnderLoad() - 1.0) * (Math.min(running, maxNumSeqs) - 1) / (maxNumSeqs - 1);
    }
}
