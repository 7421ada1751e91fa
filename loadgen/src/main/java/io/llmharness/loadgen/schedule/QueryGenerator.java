package io.llmharness.loadgen.schedule;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.random.Mt19937;
import io.llmharness.loadgen.random.StdRandom;

/**
 * Generates the queries of one run exactly as the C++ LoadGen does: the same random draws in the same order
 * (main distribution, "unique" list, equal-issue list, schedule), the same equal-issue padding and the same
 * stopping rule, so sample order, schedule and {@code generated_*} values match.
 */
public final class QueryGenerator {

    /** Per-test state that spans runs: the sequence counters and the accuracy-log random stream. */
    public static final class Sequence {
        private final Mt19937 accuracyLogRng = new Mt19937(Mt19937.DEFAULT_SEED);
        private long nextSampleId;
        private long nextQueryId;

        /** Id the next generated sample will get. */
        public long nextSampleId() {
            return nextSampleId;
        }

        Mt19937 accuracyLogRng() {
            return accuracyLogRng;
        }
    }

    private QueryGenerator() {}

    /**
     * Generates a run's queries.
     *
     * @param accuracyMode the run is an accuracy series (AccuracyOnly, or the accuracy part of SubmissionRun)
     * @param accuracyLogProbability probability for sampled accuracy logging (ignored in accuracy mode)
     */
    public static QueryPlan generate(
            EffectiveSettings s, LoadableSet set, boolean accuracyMode, double accuracyLogProbability, Sequence seq) {
        Scenario scenario = s.scenario();
        int n = set.size();
        int d = set.distributionEnd();
        long genDuration = s.targetDurationMs() * 1_000_000L * (scenario == Scenario.SERVER ? 1 : 2);
        long minQueries = s.minQueryCount();
        long spq = s.samplesPerQuery();
        if (accuracyMode && scenario == Scenario.OFFLINE) {
            spq = d;
        }
        if (accuracyMode || s.performanceIssueUnique()) {
            genDuration = 0;
            minQueries = n / spq;
        }
        Mt19937 sampleRng = new Mt19937(s.sampleIndexRngSeed());
        Mt19937 scheduleRng = new Mt19937(s.scheduleRngSeed());
        int stride = scenario == Scenario.MULTI_STREAM ? (int) spq : 1;
        Draws draws = new Draws(sampleRng, d, stride, accuracyMode, minQueries, n);
        boolean equalIssue = s.sampleConcatenatePermutation();
        if (equalIssue && !accuracyMode) {
            if (scenario == Scenario.OFFLINE && spq % n != 0) {
                spq += n - spq % n;
            } else if (scenario != Scenario.OFFLINE && minQueries % n != 0) {
                minQueries += n - minQueries % n;
            }
        }
        long period = (long) ((1.0 / s.targetQps()) * 1e9);
        AccuracyLogDecision log =
                new AccuracyLogDecision(s.accuracyLogRngSeed(), accuracyMode, accuracyLogProbability, seq);
        QueryPlan.Builder plan =
                new QueryPlan.Builder((int) spq, expectedSamples(s, spq, minQueries, genDuration, period));
        int[] l = set.samples();
        long ts = 0;
        long prev = 0;
        while (prev < genDuration || plan.queries() < minQueries) {
            int first = plan.beginQuery((int) spq, ts);
            switch (scenario) {
                case MULTI_STREAM -> {
                    int start = s.performanceIssueUnique()
                            ? draws.unique()
                            : s.performanceIssueSame() ? sameIndex(s) : draws.main();
                    for (int k = 0; k < spq; k++) {
                        plan.set(first + k, l[start + k], log.next());
                    }
                }
                case OFFLINE -> fillOffline(s, l, (int) spq, first, plan, sampleRng, log);
                default -> {
                    for (int k = 0; k < spq; k++) {
                        int pos = s.performanceIssueUnique()
                                ? draws.unique()
                                : s.performanceIssueSame()
                                        ? sameIndex(s)
                                        : equalIssue ? draws.equalIssue() : draws.main();
                        plan.set(first + k, l[pos], log.next());
                    }
                }
            }
            prev = ts;
            ts += scenario == Scenario.SERVER
                    ? StdRandom.secondsToNanos(StdRandom.exponential(scheduleRng, s.targetQps()))
                    : period;
            if (equalIssue && plan.queries() >= minQueries && prev < genDuration && scenario != Scenario.OFFLINE) {
                minQueries += n;
            }
        }
        if (scenario == Scenario.OFFLINE && accuracyMode && n % spq != 0) {
            int remainder = (int) (n % spq);
            int first = plan.beginQuery(remainder, ts);
            for (int k = 0; k < remainder; k++) {
                plan.set(first + k, l[draws.main()], log.next());
            }
        }
        QueryPlan built = plan.build(ts, seq.nextSampleId, seq.nextQueryId);
        seq.nextSampleId += built.sampleCount();
        seq.nextQueryId += built.queryCount();
        return built;
    }

    private static int sameIndex(EffectiveSettings s) {
        return (int) s.performanceIssueSameIndex();
    }

    private static void fillOffline(
            EffectiveSettings s,
            int[] l,
            int spq,
            int first,
            QueryPlan.Builder plan,
            Mt19937 sampleRng,
            AccuracyLogDecision log) {
        int n = l.length;
        if (s.performanceIssueSame()) {
            for (int k = 0; k < spq; k++) {
                plan.set(first + k, l[sameIndex(s)], log.next());
            }
            return;
        }
        int repeats = spq / n;
        int remainder = spq % n;
        int[] copy = new int[n];
        int pos = first;
        for (int r = 0; r < repeats; r++) {
            System.arraycopy(l, 0, copy, 0, n);
            if (s.sampleConcatenatePermutation()) {
                StdRandom.shuffle(copy, sampleRng);
            }
            for (int k = 0; k < n; k++) {
                plan.set(pos++, copy[k], log.next());
            }
        }
        for (int k = 0; k < remainder; k++) {
            plan.set(pos++, l[k], log.next());
        }
    }

    private static long expectedSamples(EffectiveSettings s, long spq, long minQueries, long genDuration, long period) {
        double queries;
        if (s.scenario() == Scenario.SERVER) {
            double mean = s.targetQps() * genDuration / 1e9;
            queries = mean + 8 * Math.sqrt(mean) + 64;
        } else {
            queries = period > 0 ? (double) genDuration / period + 2 : 2;
        }
        double withMin = Math.max(queries, minQueries + 1.0);
        return (long) Math.min(withMin * spq, Integer.MAX_VALUE - 64.0);
    }

    /** The three sample-position sources, built in C++ order from the one sample RNG. */
    private static final class Draws {
        private final Mt19937 rng;
        private final int distributionEnd;
        private final boolean accuracyMode;
        private final int[] accuracyList;
        private final int[] uniqueList;
        private final int[] equalIssueList;
        private int nextMain;
        private int nextUnique;
        private long nextEqualIssue;

        Draws(Mt19937 rng, int distributionEnd, int stride, boolean accuracyMode, long minQueries, int n) {
            this.rng = rng;
            this.distributionEnd = distributionEnd;
            this.accuracyMode = accuracyMode;
            this.accuracyList = accuracyMode ? shuffledStrided(distributionEnd, stride, rng) : null;
            this.uniqueList = shuffledStrided(distributionEnd, stride, rng);
            this.equalIssueList = concatenatedPermutations(minQueries, n, rng);
        }

        int main() {
            if (accuracyMode) {
                return next(accuracyList, nextMain++);
            }
            return (int) StdRandom.uniformInt(rng, 0, distributionEnd - 1);
        }

        int unique() {
            return next(uniqueList, nextUnique++);
        }

        int equalIssue() {
            return equalIssueList[(int) (nextEqualIssue++ % equalIssueList.length)];
        }

        private static int next(int[] list, int i) {
            if (i >= list.length) {
                throw new IllegalStateException("LoadGen drew more unique samples (" + (i + 1)
                        + ") than the loaded set has (" + list.length + ")");
            }
            return list[i];
        }

        private static int[] shuffledStrided(int end, int stride, Mt19937 rng) {
            int[] list = new int[(end + stride - 1) / stride];
            for (int i = 0; i < list.length; i++) {
                list[i] = i * stride;
            }
            StdRandom.shuffle(list, rng);
            return list;
        }

        private static int[] concatenatedPermutations(long count, int n, Mt19937 rng) {
            long blocks = count <= 0 ? 0 : (count + n - 1) / n;
            if (blocks * n > Integer.MAX_VALUE - 64) {
                throw new IllegalStateException("equal-issue list of " + blocks * n + " samples is too large");
            }
            int[] list = new int[(int) (blocks * n)];
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (long b = 0; b < blocks; b++) {
                StdRandom.shuffle(perm, rng);
                System.arraycopy(perm, 0, list, (int) (b * n), n);
            }
            return list;
        }
    }
}
