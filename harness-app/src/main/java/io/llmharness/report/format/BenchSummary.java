package io.llmharness.report.format;

import io.llmharness.client.record.Outcome;
import io.llmharness.metrics.FailureSummary;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.SummaryStats;
import io.llmharness.report.RunInfo;
import io.llmharness.report.ServerMetricsJson;
import io.llmharness.secret.Secrets;
import io.llmharness.tokenizer.ResolvedTokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * Our own {@code summary.json} for a workload run: {@code run}, {@code workload} (which harness's semantics, the
 * profile, model, endpoint, tokenizer, data), {@code stages} (each with its load and metric table) and
 * {@code total}, and {@code server_metrics} when the server was scraped. Stages carry {@code start_s} and
 * {@code end_s}, seconds from the run start (the report's time axis). Latencies in milliseconds with count, mean, std, min, max and p0.1…p99.9; null for anything that
 * is not a finite number. Written last, through a temporary file and a rename.
 */
final class BenchSummary implements ReportFormat {

    static final String FILE = "summary.json";
    static final int SCHEMA_VERSION = 1;

    @Override
    public String name() {
        return "summary.json";
    }

    @Override
    public List<String> write(BenchReport r, Path dir) throws IOException {
        Path tmp = dir.resolve(FILE + ".tmp");
        try (Json j = Json.to(tmp)) {
            document(j, r);
        }
        Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
        return List.of(FILE);
    }

    private static void document(Json j, BenchReport r) throws IOException {
        RunInfo run = r.run();
        j.start(null).num("schema_version", SCHEMA_VERSION).str("kind", "bench");
        j.start("run")
                .str("id", run.id())
                .str("tool_version", run.toolVersion())
                .array("command_line");
        for (String a : run.commandLine()) {
            j.g().writeString(a);
        }
        j.endArray()
                .str("start", run.start().toString())
                .str("end", run.end() == null ? null : run.end().toString())
                .num(
                        "duration_s",
                        run.duration() == null ? Double.NaN : run.duration().toNanos() / 1e9)
                .bool("interrupted", r.interrupted())
                .str("stop_reason", r.stopReason())
                .end();
        j.start("workload")
                .str("harness", r.spec().harness().dirName())
                .str("semantics", "read and run with " + r.spec().harness().dirName() + " semantics")
                .str("profile", r.spec().profile())
                .str("rendered_profile", r.profileFile())
                .str("model", r.model())
                .str("base_url", r.baseUrl())
                .str("endpoint", r.spec().api().endpoint().path())
                .bool("streaming", r.spec().api().streaming())
                .str(
                        "tokenizer",
                        r.tokenizer() == null ? null : r.tokenizer().tokenizer().source())
                .str("tokenizer_kind", r.tokenizer() == null ? null : kind(r.tokenizer()))
                .array("tokenizer_notes");
        if (r.tokenizer() != null) {
            for (String n : r.tokenizer().notes()) {
                j.g().writeString(n);
            }
        }
        j.endArray().str("data", r.data()).num("seed", r.spec().load().seed()).end();
        j.array("stages");
        for (StageResult s : r.stages()) {
            j.start(null)
                    .num("index", s.index())
                    .str("stage", s.stage().describe())
                    .str("kind", s.concurrency() > 0 ? "concurrency" : "rate")
                    .num("planned_requests", s.planned())
                    .bool("interrupted", s.interrupted())
                    .num("first_sample_index", s.firstSample())
                    .num("last_sample_index", s.lastSample())
                    .num("start_s", (s.startNs() - r.nanoAnchor()) / 1e9)
                    .num("end_s", (s.endNs() - r.nanoAnchor()) / 1e9);
            metrics(j, "metrics", s.metrics());
            j.end();
        }
        j.endArray();
        metrics(j, "total", r.total());
        if (!r.servers().isEmpty()) {
            servers(j, r.servers());
        }
        if (r.serverMetrics() != null) {
            j.tree("server_metrics", ServerMetricsJson.section(r.serverMetrics()));
        }
        j.array("warnings");
        for (String w : r.warnings()) {
            j.g().writeString(w);
        }
        j.endArray().end();
    }

    /**
     * {@code endpoints}: each server's own metric table over the run's window, its share of the requests; then
     * {@code balance}, the verdict on whether one was slower than the others beyond noise.
     */
    private static void servers(Json j, List<ServerResult> servers) throws IOException {
        j.array("endpoints");
        for (ServerResult s : servers) {
            j.start(null)
                    .num("index", s.index())
                    .str("url", Secrets.redact(s.url()))
                    .num("share", s.share())
                    .num("requests", s.metrics().requests())
                    .num("failures", s.metrics().failures().failed());
            if (s.client() != null) {
                j.num("max_in_flight", s.client().maxInFlight())
                        .num("connections_opened", s.client().connectionsOpened())
                        .num("stale_retries", s.client().staleRetries())
                        .num("overload_retries", s.client().overloadRetries());
            }
            metrics(j, "metrics", s.metrics());
            j.end();
        }
        j.endArray();
        j.tree("balance", ServerResult.balance(servers).section());
    }

    static void metrics(Json j, String field, StageMetrics m) throws IOException {
        j.start(field)
                .num("requests", m.requests())
                .num("succeeded", m.succeeded())
                .num("failed", m.failures().failed())
                .num("failure_rate", m.failures().rate())
                .num("benchmark_duration_s", m.durationSeconds());
        j.start("load")
                .num("requested_rate", m.load().requestedRate())
                .num("achieved_rate", m.load().achievedRate())
                .num("concurrency", m.load().concurrency())
                .num("send_duration_s", m.load().sendDurationNs() / 1e9)
                .end();
        StageMetrics.Rates t = m.throughput();
        j.start("throughput")
                .num("output_tokens_per_s", t.outputTokensPerSecond())
                .num("input_tokens_per_s", t.inputTokensPerSecond())
                .num("total_tokens_per_s", t.totalTokensPerSecond())
                .num("requests_per_s", t.requestsPerSecond())
                .end();
        if (m.goodput() == null) {
            j.nil("goodput");
        } else {
            StageMetrics.Goodput g = m.goodput();
            j.start("goodput").start("slo_ms");
            for (var e : g.slos().thresholdsNs().entrySet()) {
                j.num(e.getKey().key(), e.getValue() / 1e6);
            }
            j.end()
                    .num("good_requests", g.goodRequests())
                    .num("requests_per_s", g.requestsPerSecond())
                    .num("output_tokens_per_s", g.tokensPerSecond())
                    .start("attainment");
            for (Map.Entry<String, Double> e : g.attainment().entrySet()) {
                j.num(e.getKey(), e.getValue());
            }
            j.end().end();
        }
        j.start("latency_ms");
        for (String name : StageMetrics.METRICS) {
            stats(j, name, m.latency(name), 1e6);
        }
        j.end();
        StageMetrics.TokenCounts tc = m.tokenCounts();
        j.start("tokens")
                .num("input_total", m.inputTotal())
                .num("output_total", m.outputTotal())
                .str("output_count_source", tc.source())
                .num("client_output_total", tc.clientTotal())
                .num("client_server_compared", tc.compared())
                .num("client_server_mismatches", tc.mismatches())
                .num("client_server_mismatch_rate", tc.mismatchRate())
                .num("client_server_mean_difference", tc.check().meanDifference())
                .num("client_server_max_difference", tc.check().maxAbsDifference())
                .num("client_without_server_count", tc.check().withoutUsage());
        stats(j, "input_per_request", m.inputTokens(), 1);
        stats(j, "output_per_request", m.outputTokens(), 1);
        j.end();
        failures(j, m.failures());
        j.end();
    }

    /** The tokenizer's kind of source in lower case: path, model_folder, hf_cache, server, synthetic. */
    static String kind(ResolvedTokenizer t) {
        return t.kind().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static void stats(Json j, String field, SummaryStats s, double divisor) throws IOException {
        j.start(field).num("count", s.count());
        j.num("mean", s.mean() / divisor).num("std", s.stdDev() / divisor);
        j.num("min", s.isEmpty() ? Double.NaN : s.min() / divisor);
        for (Map.Entry<Double, Long> p : s.percentiles().entrySet()) {
            j.num("p" + PercentileNames.number(p.getKey()), s.isEmpty() ? Double.NaN : p.getValue() / divisor);
        }
        j.num("max", s.isEmpty() ? Double.NaN : s.max() / divisor);
        j.end();
    }

    private static void failures(Json j, FailureSummary f) throws IOException {
        j.start("failures").start("by_kind");
        for (Map.Entry<Outcome.Kind, Long> e : f.byKind().entrySet()) {
            j.num(e.getKey().name(), e.getValue());
        }
        j.end().array("reasons");
        for (FailureSummary.Message msg : f.messages()) {
            j.start(null)
                    .str("kind", msg.kind().name())
                    .str("message", msg.message())
                    .num("count", msg.count())
                    .end();
        }
        j.endArray().end();
    }
}
