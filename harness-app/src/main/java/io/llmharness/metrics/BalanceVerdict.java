package io.llmharness.metrics;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether one server of several was slower than the others beyond noise, so a skewed fleet does not hide behind a
 * good average: a server is an <em>outlier</em> when its median latency is more than {@link #RATIO} times the
 * median of the other servers' medians. The latency is TTFT when the servers' requests streamed, else the
 * end-to-end latency, both measured from when the client sent the request ({@code ttft_from_send},
 * {@code e2e_latency_from_send}): a late client delays every server alike and would only blur the comparison. Servers with fewer than {@link #MIN_REQUESTS} successful requests are not judged, and neither
 * is a run with fewer than two judged servers.
 *
 * @param metric the latency compared
 * @param judged how many servers had enough requests to judge
 * @param outliers the slow servers, slowest first
 */
public record BalanceVerdict(LatencyMetric metric, int judged, List<Outlier> outliers) {

    /** A server's p50 more than this many times the others' median p50 makes it an outlier. */
    public static final double RATIO = 1.5;

    /** Successful requests a server needs before its median counts. */
    public static final long MIN_REQUESTS = 10;

    public BalanceVerdict {
        outliers = List.copyOf(outliers);
    }

    /**
     * One server as the verdict sees it: its median of the compared latency and how many values it rests on.
     *
     * @param index the server's place in the client's endpoint list
     * @param url its base URL
     * @param count successful requests with a value of the compared latency
     * @param p50Ns their median
     */
    public record Candidate(int index, String url, long count, long p50Ns) {}

    /**
     * One slow server.
     *
     * @param server the server
     * @param p50Ns its median latency
     * @param othersNs the median of the other judged servers' medians
     */
    public record Outlier(Candidate server, long p50Ns, long othersNs) {
        /** How many times slower than the others. */
        public double ratio() {
            return othersNs == 0 ? Double.POSITIVE_INFINITY : (double) p50Ns / othersNs;
        }
    }

    /** The verdict on a run's servers ({@link MetricSummary#servers()}). */
    public static BalanceVerdict of(List<ServerMetrics> servers) {
        boolean streamed = servers.stream().anyMatch(s -> s.metrics().requests().streamed() > 0);
        LatencyMetric metric = metric(streamed);
        return judge(
                metric,
                servers.stream()
                        .map(s -> new Candidate(
                                s.index(),
                                s.url(),
                                s.metrics().latency(metric).count(),
                                s.metrics().latency(metric).p50()))
                        .toList());
    }

    /** The latency compared: TTFT from send when the servers' requests streamed, else e2e latency from send. */
    public static LatencyMetric metric(boolean streamed) {
        return streamed ? LatencyMetric.TTFT_FROM_SEND : LatencyMetric.E2E_LATENCY_FROM_SEND;
    }

    /** The verdict on servers already reduced to their medians of {@code metric}. */
    public static BalanceVerdict judge(LatencyMetric metric, List<Candidate> servers) {
        List<Candidate> judged =
                servers.stream().filter(s -> s.count() >= MIN_REQUESTS).toList();
        List<Outlier> outliers = new ArrayList<>();
        if (judged.size() >= 2) {
            for (Candidate s : judged) {
                long[] others = judged.stream()
                        .filter(o -> o != s)
                        .mapToLong(Candidate::p50Ns)
                        .sorted()
                        .toArray();
                long median = median(others);
                if (s.p50Ns() > RATIO * median) {
                    outliers.add(new Outlier(s, s.p50Ns(), median));
                }
            }
        }
        outliers.sort((a, b) -> Double.compare(b.ratio(), a.ratio()));
        return new BalanceVerdict(metric, judged.size(), outliers);
    }

    /**
     * The {@code balance} section of a summary.json (MLPerf and workload runs alike): {@code metric}, {@code ratio},
     * {@code judged}, {@code balanced}, {@code outliers} (index, url, p50 and the others' median in ms, ratio) and
     * the {@code line}. Milliseconds are exact decimals of the nanoseconds.
     */
    public Map<String, Object> section() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("metric", metric.key());
        m.put("ratio", RATIO);
        m.put("judged", judged);
        m.put("balanced", balanced());
        List<Object> out = new ArrayList<>();
        for (Outlier o : outliers) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("index", o.server().index());
            e.put("url", o.server().url());
            e.put("p50_ms", BigDecimal.valueOf(o.p50Ns(), 6).stripTrailingZeros());
            e.put("others_median_ms", BigDecimal.valueOf(o.othersNs(), 6).stripTrailingZeros());
            e.put("ratio", o.ratio());
            out.add(e);
        }
        m.put("outliers", out);
        m.put("line", line());
        return m;
    }

    /** Whether no server was an outlier. */
    public boolean balanced() {
        return outliers.isEmpty();
    }

    /** One line for the terminal and summary.json. */
    public String line() {
        String name = metric == LatencyMetric.TTFT_FROM_SEND ? "TTFT from send" : "e2e latency from send";
        if (judged < 2) {
            return "not judged: fewer than 2 servers with " + MIN_REQUESTS + " successful requests";
        }
        if (balanced()) {
            return String.format(
                    Locale.ROOT, "balanced: no server's %s p50 above %.1f× the others' median", name, RATIO);
        }
        List<String> parts = new ArrayList<>();
        for (Outlier o : outliers) {
            parts.add(String.format(
                    Locale.ROOT,
                    "%s %s p50 %.1f ms is %.1f× the others' median (%.1f ms)",
                    o.server().url(),
                    name,
                    o.p50Ns() / 1e6,
                    o.ratio(),
                    o.othersNs() / 1e6));
        }
        return "OUTLIER: " + String.join("; ", parts);
    }

    private static long median(long[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
