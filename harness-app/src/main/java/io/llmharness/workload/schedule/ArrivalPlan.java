package io.llmharness.workload.schedule;

import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.Stage;

/**
 * When each request of an open-loop stage starts, relative to the stage start, in nanoseconds.
 *
 * <p>A stage of n requests spans {@code T = n / rate} seconds (for a stage given as rate × duration this is the
 * duration, up to the rounding of n). Request i starts at {@code T × (g_0 + … + g_{i−1}) / (g_0 + … + g_{n−1})}:
 * the first at 0, and the n gaps, the last of which runs from the final request to the end of the stage, fill the
 * stage exactly. The gaps are all equal for {@link Arrival.Kind#CONSTANT} (so request i starts at i / rate),
 * exponential for {@link Arrival.Kind#POISSON} (a Poisson process conditioned on n arrivals), and gamma with shape
 * = burstiness for {@link Arrival.Kind#GAMMA}. Gap j is a pure function of (seed, stage index, j) through
 * {@link Rng}, so a plan is reproducible and no two stages share random numbers.
 *
 * <p>{@link #cursor()} walks the plan in O(1) per request; constructing a random plan sums its n gaps once.
 */
public final class ArrivalPlan {

    private final Arrival arrival;
    private final long requests;
    private final long spanNs;
    private final long seed;
    private final int stageIndex;
    private final double gapSum;

    private ArrivalPlan(Arrival arrival, long requests, long spanNs, long seed, int stageIndex) {
        this.arrival = arrival;
        this.requests = requests;
        this.spanNs = spanNs;
        this.seed = seed;
        this.stageIndex = stageIndex;
        double sum = 0;
        if (arrival.kind() != Arrival.Kind.CONSTANT) {
            for (long j = 0; j < requests; j++) {
                sum += gap(j);
            }
        }
        this.gapSum = arrival.kind() == Arrival.Kind.CONSTANT ? requests : sum;
    }

    /**
     * The plan of a rate stage.
     *
     * @param seed the run's seed
     * @param stageIndex the stage's position in the run (a separate random stream per stage)
     */
    public static ArrivalPlan of(Stage.Rate stage, long seed, int stageIndex) {
        long span = Math.round(stage.requests() / stage.rate() * 1e9);
        return new ArrivalPlan(stage.arrival(), stage.requests(), span, seed, stageIndex);
    }

    /** Requests in the stage. */
    public long requests() {
        return requests;
    }

    /** The stage's span, ns: from the first request's start to the end of the last gap. */
    public long spanNs() {
        return spanNs;
    }

    /** Gap j in arbitrary units (mean 1): 1 for constant, else a draw of the stage's stream. */
    double gap(long j) {
        return switch (arrival.kind()) {
            case CONSTANT -> 1.0;
            case POISSON -> Rng.of(seed, 0x5EED0000L + stageIndex, j).nextExponential();
            case GAMMA -> Rng.of(seed, 0x5EED0000L + stageIndex, j).nextGamma(arrival.burstiness());
        };
    }

    /** Start of request {@code index} relative to the stage start, ns (O(index) for random plans). */
    public long offsetNs(long index) {
        if (index < 0 || index >= requests) {
            throw new IndexOutOfBoundsException("request " + index + " of " + requests);
        }
        if (arrival.kind() == Arrival.Kind.CONSTANT) {
            return Math.round((double) spanNs * index / requests);
        }
        double before = 0;
        for (long j = 0; j < index; j++) {
            before += gap(j);
        }
        return Math.round(spanNs * (before / gapSum));
    }

    /** Walks the start offsets in order. */
    public Cursor cursor() {
        return new Cursor();
    }

    /** The start offsets of a plan, one after the other. Not thread-safe. */
    public final class Cursor {
        private long next;
        private double before;

        private Cursor() {}

        /** Whether another request remains. */
        public boolean hasNext() {
            return next < requests;
        }

        /** The index of the request {@link #nextOffsetNs()} returns next. */
        public long index() {
            return next;
        }

        /** The next request's start relative to the stage start, ns. */
        public long nextOffsetNs() {
            if (next >= requests) {
                throw new IllegalStateException("plan exhausted after " + requests + " requests");
            }
            long at = arrival.kind() == Arrival.Kind.CONSTANT
                    ? Math.round((double) spanNs * next / requests)
                    : Math.round(spanNs * (before / gapSum));
            before += gap(next);
            next++;
            return at;
        }
    }
}
