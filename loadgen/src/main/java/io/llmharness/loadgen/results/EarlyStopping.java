package io.llmharness.loadgen.results;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.log.CFormat;

/**
 * The per-scenario early-stopping tests and their report texts (text lines joined with {@code \n}).
 * SingleStream and MultiStream estimate the target percentile from the number of queries processed;
 * Server checks that the run would pass even if it had stopped now. Offline has no test.
 */
public final class EarlyStopping {

    /** Percentile of the second SingleStream estimate (used to infer MultiStream). */
    private static final double MULTI_STREAM_PERCENTILE = 0.99;

    /**
     * Outcome of one test.
     *
     * @param met whether it passed
     * @param text the report text
     * @param latencySs new {@code early_stopping_latency_ss} value, or null when not set by this test
     * @param latencyMs new {@code early_stopping_latency_ms} value, or null when not set by this test
     */
    public record Outcome(boolean met, String text, Long latencySs, Long latencyMs) {}

    private EarlyStopping() {}

    /**
     * Runs the test for a scenario.
     *
     * @param queriesIssued queries issued in the run
     * @param sampleLatencies sorted ascending (SingleStream and Server read it)
     * @param queryLatencies sorted ascending (MultiStream reads it)
     * @param percentile the target percentile as a fraction
     * @param latencyLimitNs Server: latencies strictly above this count as over latency
     */
    public static Outcome evaluate(
            Scenario scenario,
            long queriesIssued,
            long[] sampleLatencies,
            long[] queryLatencies,
            double percentile,
            long latencyLimitNs) {
        return switch (scenario) {
            case SINGLE_STREAM -> singleStream(queriesIssued, sampleLatencies, percentile);
            case MULTI_STREAM -> multiStream(queriesIssued, queryLatencies, percentile);
            case SERVER -> server(queriesIssued, sampleLatencies, percentile, latencyLimitNs);
            case OFFLINE -> new Outcome(true, "", null, null);
        };
    }

    /** Number of latencies to discard from the top (t), or -1 when fewer than the minimum were processed. */
    static long discardCount(long n, EarlyStoppingMath.MinPassingFinder finder) {
        long hMin = finder.minH(1);
        if (n < hMin + 1) {
            return -1;
        }
        long t = 1;
        for (long i = 2; i < n + 1; ++i) {
            long h = finder.minH(i);
            if (n < h + i) {
                t = i - 1;
                break;
            }
        }
        return t;
    }

    private static Outcome singleStream(long n, long[] latencies, double p) {
        EarlyStoppingMath.MinPassingFinder finder = new EarlyStoppingMath.MinPassingFinder(p);
        long hMin = finder.minH(1);
        long t = discardCount(n, finder);
        if (t < 0) {
            return new Outcome(false, notEnough(n, hMin), null, null);
        }
        long estimate = latencies[(int) (n - t)];
        StringBuilder text = new StringBuilder(processed(n, hMin, t, p, estimate));
        EarlyStoppingMath.MinPassingFinder finder99 = new EarlyStoppingMath.MinPassingFinder(MULTI_STREAM_PERCENTILE);
        long hMin99 = finder99.minH(1);
        long t99 = discardCount(n, finder99);
        Long ms = null;
        if (t99 < 0) {
            text.append("\n * Not enough queries processed for ")
                    .append(CFormat.f(MULTI_STREAM_PERCENTILE * 100, 1))
                    .append("th percentile\n early stopping estimate (would need to process at\n least ")
                    .append(hMin99 + 1)
                    .append(" total queries).");
        } else {
            ms = latencies[(int) (n - t99)];
            text.append("\n * Early stopping ")
                    .append(CFormat.f(MULTI_STREAM_PERCENTILE * 100, 1))
                    .append("th percentile estimate: ")
                    .append(ms);
        }
        return new Outcome(true, text.toString(), estimate, ms);
    }

    private static Outcome multiStream(long n, long[] queryLatencies, double p) {
        EarlyStoppingMath.MinPassingFinder finder = new EarlyStoppingMath.MinPassingFinder(p);
        long hMin = finder.minH(1);
        long t = discardCount(n, finder);
        if (t < 0) {
            return new Outcome(false, notEnough(n, hMin), null, null);
        }
        long estimate = queryLatencies[(int) (n - t)];
        return new Outcome(true, processed(n, hMin, t, p, estimate), null, estimate);
    }

    private static Outcome server(long n, long[] sortedLatencies, double p, long limit) {
        long t = Percentiles.countAbove(sortedLatencies, (int) Math.min(n, sortedLatencies.length), limit);
        long h = new EarlyStoppingMath.MinPassingFinder(p).minH(t);
        if (n >= h + t) {
            return new Outcome(true, " * Run successful.", null, null);
        }
        return new Outcome(
                false,
                " * Run unsuccessful.\n * Processed " + n + " queries.\n * Would need to run at least " + (h + t - n)
                        + " more queries,\n with the run being successful if every additional\n query were under latency.",
                null,
                null);
    }

    private static String notEnough(long n, long hMin) {
        return " * Only processed " + n + " queries.\n * Need to process at least " + (hMin + 1)
                + " queries for early stopping.";
    }

    private static String processed(long n, long hMin, long t, double p, long estimate) {
        return " * Processed at least " + (hMin + 1) + " queries (" + n + ").\n * Would discard " + (t - 1)
                + " highest latency queries.\n * Early stopping " + CFormat.f(p * 100, 1) + "th percentile estimate: "
                + estimate;
    }
}
