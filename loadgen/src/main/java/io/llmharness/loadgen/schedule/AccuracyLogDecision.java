package io.llmharness.loadgen.schedule;

import io.llmharness.loadgen.random.Mt19937;
import io.llmharness.loadgen.random.StdRandom;

/**
 * Decides, when a sample is generated, whether its response will go into the accuracy log: every sample
 * draws a canonical double from the test-wide MT19937 (default seed 5489); a run-wide offset (the first
 * canonical double of MT19937({@code accuracy_log_rng_seed})) is added modulo 1 and the result compared with
 * the run's probability. Accuracy runs log everything but still consume the draws.
 */
final class AccuracyLogDecision {
    private final Mt19937 testRng;
    private final double offset;
    private final boolean all;
    private final double probability;

    AccuracyLogDecision(long accuracyLogRngSeed, boolean all, double probability, QueryGenerator.Sequence seq) {
        this.testRng = seqRng(seq);
        this.offset = StdRandom.canonical(new Mt19937(accuracyLogRngSeed));
        this.all = all;
        this.probability = probability;
    }

    private static Mt19937 seqRng(QueryGenerator.Sequence seq) {
        return seq.accuracyLogRng();
    }

    /** The decision for the next generated sample. */
    boolean next() {
        double val = StdRandom.canonical(testRng);
        double v = val + offset < 1.0 ? val + offset : val + offset - 1.0;
        return all || v <= probability;
    }
}
