package io.llmharness.report.format;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.FailureSummary;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.SummaryStats;
import io.llmharness.workload.spec.ReportSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * inference-perf's lifecycle reports (§2.12–2.14 of the workload spec): {@code stage_<n>_lifecycle_metrics.json},
 * {@code summary_lifecycle_metrics.json} and {@code per_request_lifecycle_metrics.json}, as the profile's
 * {@code report.request_lifecycle} asks. Times are seconds. A distribution is {@code {mean, min, max, p0.1, …,
 * median, …}} with the profile's percentiles, or null when empty. Both {@code prompt_len} (read by llm-d's
 * converter) and {@code prompt_tokens} are written. Values use this tool's metric definitions: latencies count from
 * the scheduled start, and {@code inter_token_latency} is {@code itl_token}.
 */
final class InferencePerfLifecycle implements ReportFormat {

    @Override
    public String name() {
        return "inference-perf lifecycle";
    }

    @Override
    public List<String> write(BenchReport r, Path dir) throws IOException {
        ReportSpec spec = r.spec().report();
        List<String> files = new ArrayList<>();
        if (spec.perStage()) {
            for (StageResult s : r.stages()) {
                if (s.metrics().requests() == 0) {
                    continue; // inference-perf writes no file for a stage without requests
                }
                String name = "stage_" + s.index() + "_lifecycle_metrics.json";
                try (Json j = Json.to(dir.resolve(name))) {
                    document(j, s.metrics(), stageRows(r, s.index()), s, spec.percentiles());
                }
                files.add(name);
            }
        }
        if (spec.summary() && r.total().requests() > 0) {
            String name = "summary_lifecycle_metrics.json";
            try (Json j = Json.to(dir.resolve(name))) {
                document(j, r.total(), r.requests(), null, spec.percentiles());
            }
            files.add(name);
        }
        if (spec.perRequest()) {
            String name = "per_request_lifecycle_metrics.json";
            try (Json j = Json.to(dir.resolve(name))) {
                InferencePerfRequests.write(j, r);
            }
            files.add(name);
        }
        return files;
    }

    private static List<RequestRow> stageRows(BenchReport r, int stage) {
        return r.requests().stream().filter(x -> x.stage() == stage).toList();
    }

    private static void document(Json j, StageMetrics m, List<RequestRow> rows, StageResult stage, List<Double> pct)
            throws IOException {
        j.start(null);
        j.start("load_summary").num("count", m.requests());
        dist(j, "schedule_delay", m.latency("schedule_delay"), 1e9, pct);
        if (stage != null) {
            j.num("send_duration", m.load().sendDurationNs() / 1e9);
            j.num("requested_rate", stage.concurrency() > 0 ? stage.planned() : stage.requestedRate());
            j.num(
                    "achieved_rate",
                    Double.isNaN(m.load().achievedRate()) ? 0 : m.load().achievedRate());
            if (stage.concurrency() > 0) {
                j.num("concurrency", stage.concurrency());
            }
        }
        j.end();
        j.start("successes").num("count", m.succeeded());
        j.start("latency");
        dist(j, "request_latency", m.latency("e2e_latency"), 1e9, pct);
        dist(j, "normalized_time_per_output_token", m.latency("ntpot"), 1e9, pct);
        dist(j, "time_per_output_token", m.latency("tpot"), 1e9, pct);
        dist(j, "time_to_first_token", m.latency("ttft"), 1e9, pct);
        dist(j, "inter_token_latency", m.latency("itl_token"), 1e9, pct);
        j.end();
        StageMetrics.Rates t = m.throughput();
        j.start("throughput")
                .num("input_tokens_per_sec", t.inputTokensPerSecond())
                .num("output_tokens_per_sec", t.outputTokensPerSecond())
                .num("total_tokens_per_sec", t.totalTokensPerSecond())
                .num("requests_per_sec", t.requestsPerSecond())
                .end();
        dist(j, "prompt_len", m.inputTokens(), 1, pct);
        j.start("prompt_tokens").num("total", m.inputTotal());
        distFields(j, m.inputTokens(), 1, pct);
        j.end();
        dist(j, "output_len", m.outputTokens(), 1, pct);
        j.start("output_tokens").num("total", m.outputTotal());
        distFields(j, m.outputTokens(), 1, pct);
        j.end();
        j.num("token_count_mismatches", m.tokenCounts().mismatches());
        if (m.goodput() != null) {
            StageMetrics.Goodput g = m.goodput();
            j.start("goodput_metrics")
                    .num(
                            "goodput_percentage",
                            m.succeeded() == 0 ? Double.NaN : 100.0 * g.goodRequests() / m.succeeded())
                    .num("request_goodput", g.requestsPerSecond())
                    .num("token_goodput", g.tokensPerSecond())
                    .num("good_requests", g.goodRequests())
                    .num("total_requests", m.succeeded());
            for (Map.Entry<String, Double> e : g.attainment().entrySet()) {
                j.num(goodputName(e.getKey()) + "_attainment_percentage", 100 * e.getValue());
            }
            j.end();
        }
        j.end();
        failures(j, m, rows, pct);
        j.num("benchmark_time_seconds", m.durationSeconds());
        j.end();
    }

    private static String goodputName(String metric) {
        return metric.equals("e2e_latency") ? "request_latency" : metric;
    }

    private static void failures(Json j, StageMetrics m, List<RequestRow> rows, List<Double> pct) throws IOException {
        FailureSummary f = m.failures();
        SummaryStats.Builder latency = new SummaryStats.Builder();
        SummaryStats.Builder prompt = new SummaryStats.Builder();
        long promptTotal = 0;
        Map<String, List<String>> byLabel = new LinkedHashMap<>();
        for (RequestRow row : rows) {
            RequestRecord rec = row.record();
            if (rec.ok()) {
                continue;
            }
            latency.add(rec.e2eNs() == RequestRecord.ABSENT ? 0 : rec.e2eNs());
            if (row.clientInputTokens() >= 0) {
                prompt.add(row.clientInputTokens());
                promptTotal += row.clientInputTokens();
            }
            byLabel.computeIfAbsent(label(rec.outcome()), k -> new ArrayList<>())
                    .add(rec.outcome().describe());
        }
        j.start("failures").num("count", f.failed());
        dist(j, "request_latency", latency.build(pct), 1e9, pct);
        SummaryStats p = prompt.build(pct);
        dist(j, "prompt_len", p, 1, pct);
        j.start("prompt_tokens").num("total", promptTotal);
        distFields(j, p, 1, pct);
        j.end();
        j.start("by_label");
        List<Map.Entry<String, List<String>>> labels = new ArrayList<>(byLabel.entrySet());
        labels.sort((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()));
        for (Map.Entry<String, List<String>> e : labels) {
            j.start(e.getKey()).num("count", e.getValue().size()).array("messages");
            for (String msg : e.getValue().stream().distinct().limit(100).toList()) {
                j.start(null).str("message", msg).end();
            }
            j.endArray().end();
        }
        j.end();
        j.end();
    }

    /** inference-perf's failure label of an outcome. */
    static String label(Outcome o) {
        return switch (o) {
            case Outcome.HttpError h -> httpLabel(h);
            case Outcome.Timeout t -> "Timeout";
            case Outcome.TransportError t -> "Connection Error";
            case Outcome.ProtocolError p -> "Invalid JSON";
            case Outcome.InvalidRequest i -> "invalid request";
            case Outcome.Cancelled c -> "cancelled";
            case Outcome.Ok ok -> "ok";
        };
    }

    private static String httpLabel(Outcome.HttpError h) {
        switch (h.status()) {
            case 429:
                return "429 - Rate Limit";
            case 500:
                return "Internal Server Error";
            case 502:
                return "Bad Gateway";
            case 503:
                return "Service Unavailable";
            case 504:
                return "Gateway Timeout";
            case 404:
                return "Model Not Found";
            default:
                return h.contextOverflow() ? "Context Window" : "other";
        }
    }

    /** A distribution object, or null when empty; values divided by {@code divisor} (ns → s: 1e9). */
    static void dist(Json j, String field, SummaryStats s, double divisor, List<Double> pct) throws IOException {
        if (s.isEmpty()) {
            j.nil(field);
            return;
        }
        j.start(field);
        distFields(j, s, divisor, pct);
        j.end();
    }

    private static void distFields(Json j, SummaryStats s, double divisor, List<Double> pct) throws IOException {
        if (s.isEmpty()) {
            return;
        }
        j.num("mean", s.mean() / divisor).num("min", s.min() / divisor).num("max", s.max() / divisor);
        for (double p : pct) {
            j.num(PercentileNames.inferencePerf(p), s.percentile(p) / divisor);
        }
    }
}
