package io.llmharness.workload.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/** {@link TraceStatistics} as the terminal table and the JSON document of {@code harness trace analyze}. */
public final class TraceStatisticsText {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private TraceStatisticsText() {}

    /** The table, lines ending with '\n'. */
    public static String table(Trace trace, TraceStatistics s) {
        StringBuilder b = new StringBuilder();
        b.append("Trace ")
                .append(trace.source())
                .append(" (")
                .append(trace.format().cliName())
                .append(")\n");
        row(
                b,
                "requests",
                s.requests()
                        + (s.skipped() == 0
                                ? ""
                                : trace.skippedBy().containsKey("skipped")
                                        ? " (" + s.skipped() + " rows skipped)"
                                        : " (" + s.skipped() + " rows skipped: "
                                                + Trace.describeSkipped(trace.skippedBy()) + ")"));
        row(b, "duration", f("%.3f s", s.durationS()));
        row(
                b,
                "arrival rate",
                f("%.3f req/s mean, peak %d req/s (in one 1 s window)", s.meanRatePerS(), s.peakRatePerS()));
        row(
                b,
                "burstiness",
                Double.isNaN(s.interArrivalCv())
                        ? "n/a (fewer than 2 gaps between timed requests)"
                        : f("%.3f (CV of inter-arrival times; Poisson = 1)", s.interArrivalCv()));
        if (s.timedRequests() < s.requests()) {
            row(b, "", (s.requests() - s.timedRequests()) + " session turns follow their previous turn (no offset)");
        }
        b.append(f("%-16s %10s %10s %10s %10s %10s\n", "tokens", "mean", "p50", "p90", "p99", "max"));
        lengths(b, "input", s.input());
        lengths(b, "output", s.output());
        row(b, "percentiles", "nearest rank (smallest value with at least p% of rows at or below it)");
        row(
                b,
                "sessions",
                s.sessions() == 0
                        ? "none"
                        : f(
                                "%d sessions, %d turns (%.2f per session, at most %d)",
                                s.sessions(),
                                s.sessionTurns(),
                                s.sessionTurns() / (double) s.sessions(),
                                s.maxTurns()));
        row(
                b,
                "prefix cache",
                s.blocks() == 0
                        ? "n/a (the trace has no hash ids)"
                        : f(
                                "%.1f%% of %d prompt blocks of %d tokens seen before (unbounded cache)",
                                100 * s.prefixCacheHitRate(), s.blocks(), s.blockSize()));
        b.append(f("arrival rate over time (req/s per %s s window):\n", num(s.rateBucketS())));
        double[] r = s.ratePerS();
        for (int i = 0; i < r.length; i++) {
            b.append(f("  %8s s  %10.3f\n", num(i * s.rateBucketS()), r[i]));
        }
        return b.toString();
    }

    /** The JSON document, indented. */
    public static String json(Trace trace, TraceStatistics s) {
        ObjectNode o = JSON.createObjectNode();
        o.put("source", trace.source());
        o.put("format", trace.format().cliName());
        o.put("requests", s.requests());
        o.put("skipped", s.skipped());
        ObjectNode why = o.putObject("skipped_by_reason");
        new java.util.TreeMap<>(trace.skippedBy()).forEach(why::put);
        o.put("timed_requests", s.timedRequests());
        o.put("duration_s", s.durationS());
        o.put("mean_rate_per_s", s.meanRatePerS());
        o.put("peak_rate_per_s", s.peakRatePerS());
        number(o, "inter_arrival_cv", s.interArrivalCv());
        o.put("percentile_method", "nearest-rank");
        lengths(o.putObject("input_tokens"), s.input());
        lengths(o.putObject("output_tokens"), s.output());
        ObjectNode sessions = o.putObject("sessions");
        sessions.put("count", s.sessions());
        sessions.put("turns", s.sessionTurns());
        sessions.put("max_turns", s.maxTurns());
        ObjectNode cache = o.putObject("prefix_cache");
        cache.put("block_size", s.blockSize());
        cache.put("blocks", s.blocks());
        cache.put("cached_blocks", s.cachedBlocks());
        number(cache, "hit_rate", s.prefixCacheHitRate());
        cache.put("assumes", "unbounded cache, blocks in trace order");
        ObjectNode rate = o.putObject("rate_over_time");
        rate.put("window_s", s.rateBucketS());
        ArrayNode values = rate.putArray("req_per_s");
        for (double v : s.ratePerS()) {
            values.add(v);
        }
        try {
            return JSON.writeValueAsString(o) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void lengths(ObjectNode o, TraceStatistics.Lengths l) {
        o.put("count", l.count());
        o.put("mean", l.mean());
        o.put("p50", l.p50());
        o.put("p90", l.p90());
        o.put("p99", l.p99());
        o.put("max", l.max());
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isNaN(v)) {
            o.putNull(key);
        } else {
            o.put(key, v);
        }
    }

    private static void lengths(StringBuilder b, String name, TraceStatistics.Lengths l) {
        b.append(f("%-16s %10.1f %10d %10d %10d %10d\n", name, l.mean(), l.p50(), l.p90(), l.p99(), l.max()));
    }

    private static void row(StringBuilder b, String key, String value) {
        b.append(f("%-16s %s\n", key, value));
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
