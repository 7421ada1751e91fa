package io.llmharness.simulator.engine;

import io.llmharness.simulator.LatencyMode;
import io.llmharness.simulator.SimulatorOptions;
import java.util.SplittableRandom;

/**
 * Turns the latency options into durations (nanoseconds). FIXED mode draws per-sequence TTFT and ITL (normal jitter
 * clamped to ±70 %, times a load factor); BATCH mode computes engine step durations from the batch composition.
 * Not thread-safe (owns the jitter random source); one per engine.
 */
public final class LatencyModel {
    private static final double NANOS_PER_MS = 1_000_000.0;
    private final SimulatorOptions o;
    private final SplittableRandom rng;

    public LatencyModel(SimulatorOptions options, long seed) {
        this.o = options;
        this.rng = new SplittableRandom(seed);
    }

    public boolean fixed() {
        return o.latencyMode() == LatencyMode.FIXED;
    }

    /** FIXED: time from admission to the first token. */
    public long ttftNanos(int running) {
        return jittered(o.ttftMs(), o.ttftStdDevMs(), running);
    }

    /** FIXED: time from one token to the next. */
    public long itlNanos(int running) {
        return jittered(o.itlMs(), o.itlStdDevMs(), running);
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
        int max = o.maxNumSeqs();
        if (max <= 1 || running <= 1) {
            return 1.0;
        }
        return 1.0 + (o.timeFactorUnderLoad() - 1.0) * (Math.min(running, max) - 1) / (max - 1);
    }

    /** BATCH: duration of a step with {@code batch} sequences and {@code prefillTokens} tokens of prefill work. */
    public long stepNanos(int batch, int prefillTokens) {
        double ms = o.decodeStepMs() + o.decodeStepMsPerSeq() * Math.max(0, batch - 1);
        if (prefillTokens > 0) {
            ms += o.prefillOverheadMs();
            if (o.prefillTokensPerSecond() > 0) {
                ms += prefillTokens * 1000.0 / o.prefillTokensPerSecond();
            }
        }
        return Math.round(ms * NANOS_PER_MS);
    }
}
