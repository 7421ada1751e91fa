package io.llmharness.report.format;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.SummaryStats;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.Stage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@code vllm bench serve --save-result} style flat JSON per stage (§4.2.3 of the workload spec), named
 * {@code openai-<rate>qps[-concurrency<N>]-<model>-<YYYYMMDD-HHMMSS>.json} (with {@code -stage<n>} before
 * {@code .json} when the run has several stages). Times are milliseconds; {@code mean/median/std/p<P>_<m>_ms} for
 * the profile's {@code percentile-metrics} (vllm-benchmark profiles; {@code ttft,tpot,itl,e2el} otherwise) and
 * {@code metric-percentiles}; {@code itl} is {@code itl_chunk}, {@code e2el} is {@code e2e_latency}.
 */
final class VllmBenchResult implements ReportFormat {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    @Override
    public String name() {
        return "vllm bench result";
    }

    @Override
    public List<String> write(BenchReport r, Path dir) throws IOException {
        List<String> files = new ArrayList<>();
        boolean vllm = r.spec().harness() == HarnessKind.VLLM_BENCHMARK;
        List<String> metrics = List.of(
                String.valueOf(r.spec().nativeOptions().getOrDefault("percentile-metrics", "ttft,tpot,itl,e2el"))
                        .split(","));
        List<Double> pct = vllm ? r.spec().report().percentiles() : BenchmarkReportV02.PERCENTILES;
        for (StageResult s : r.stages()) {
            String date = DATE.format(r.instant(s.endNs()).atZone(ZoneId.systemDefault()));
            String rate = s.requestedRate() > 0 ? python(s.requestedRate()) : "inf";
            String model =
                    r.model() == null ? "model" : r.model().substring(r.model().lastIndexOf('/') + 1);
            String name = "openai-" + rate + "qps" + (s.concurrency() > 0 ? "-concurrency" + s.concurrency() : "") + "-"
                    + model + "-" + date + (r.stages().size() > 1 ? "-stage" + s.index() : "") + ".json";
            try (Json j = Json.to(dir.resolve(name))) {
                write(j, r, s, date, metrics, pct, vllm && r.spec().report().perRequest());
            }
            files.add(name);
        }
        return files;
    }

    private static void write(
            Json j, BenchReport r, StageResult s, String date, List<String> metrics, List<Double> pct, boolean detailed)
            throws IOException {
        StageMetrics m = s.metrics();
        List<RequestRow> rows =
                r.requests().stream().filter(x -> x.stage() == s.index()).toList();
        String backend = String.valueOf(r.spec().nativeOptions().getOrDefault("backend", "openai"));
        j.start(null);
        Object label = r.spec().nativeOptions().get("label");
        j.str("date", date).str("endpoint_type", backend).str("backend", backend);
        if (label != null && !label.toString().isBlank()) {
            j.str("label", label.toString());
        } else {
            j.nil("label");
        }
        if (r.spec().nativeOptions().get("metadata") instanceof Map<?, ?> metadata) {
            for (Map.Entry<?, ?> e : metadata.entrySet()) {
                j.str(e.getKey().toString(), e.getValue().toString());
            }
        }
        j.str("model_id", r.model())
                .str("tokenizer_id", r.spec().tokenizer() != null ? r.spec().tokenizer() : r.model());
        j.num("num_prompts", s.planned() > 0 ? s.planned() : m.requests());
        if (s.requestedRate() > 0) {
            j.num("request_rate", s.requestedRate());
        } else {
            j.str("request_rate", "inf");
        }
        j.num(
                "burstiness",
                s.stage() instanceof Stage.Rate rs && rs.arrival().kind() == Arrival.Kind.GAMMA
                        ? rs.arrival().burstiness()
                        : 1.0);
        if (s.concurrency() > 0) {
            j.num("max_concurrency", s.concurrency());
        } else {
            j.nil("max_concurrency");
        }
        j.num("duration", m.durationSeconds());
        j.num("completed", m.succeeded()).num("failed", m.failures().failed());
        j.num("total_input_tokens", m.inputTotal()).num("total_output_tokens", m.outputTotal());
        j.num("request_throughput", m.throughput().requestsPerSecond());
        if (m.goodput() != null) {
            j.num("request_goodput", m.goodput().requestsPerSecond());
        }
        j.num("output_throughput", m.throughput().outputTokensPerSecond());
        j.num("total_token_throughput", m.throughput().totalTokensPerSecond());
        j.num("max_output_tokens_per_s", maxTokensPerSecond(rows, s.startNs()));
        j.num("max_concurrent_requests", maxConcurrent(rows));
        if (detailed) {
            detailed(j, r, rows);
        }
        for (String metric : metrics) {
            String key = metric.strip();
            String ours = switch (key) {
                case "ttft" -> "ttft";
                case "tpot" -> "tpot";
                case "itl" -> "itl_chunk";
                case "e2el" -> "e2e_latency";
                default -> null;
            };
            if (ours == null) {
                continue;
            }
            SummaryStats st = m.latency(ours);
            j.num("mean_" + key + "_ms", st.isEmpty() ? 0 : st.mean() / 1e6);
            j.num("median_" + key + "_ms", st.isEmpty() ? 0 : st.percentile(50.0) / 1e6);
            j.num("std_" + key + "_ms", st.isEmpty() ? 0 : st.stdDev() / 1e6);
            for (double p : pct) {
                j.num(PercentileNames.vllm(p) + "_" + key + "_ms", st.isEmpty() ? 0 : st.percentile(p) / 1e6);
            }
        }
        j.end();
    }

    private static void detailed(Json j, BenchReport r, List<RequestRow> rows) throws IOException {
        j.array("input_lens");
        for (RequestRow row : rows) {
            j.value(
                    row.clientInputTokens() >= 0
                            ? row.clientInputTokens()
                            : row.record().inputTokens());
        }
        j.endArray().array("output_lens");
        for (RequestRow row : rows) {
            j.value(Math.max(0, row.record().outputTokens()));
        }
        j.endArray().array("ttfts");
        for (RequestRow row : rows) {
            long t = row.record().ttftNs();
            j.value(t == RequestRecord.ABSENT ? 0 : t / 1e9);
        }
        j.endArray().array("start_times");
        for (RequestRow row : rows) {
            j.value(r.seconds(row.record().scheduledNs()));
        }
        j.endArray().array("generated_texts");
        for (RequestRow row : rows) {
            j.g().writeString(row.output() == null ? "" : row.output());
        }
        j.endArray().array("errors");
        for (RequestRow row : rows) {
            j.g().writeString(row.record().ok() ? "" : row.record().outcome().describe());
        }
        j.endArray();
    }

    /** Peak output tokens over 1-second buckets from the stage start (tokens spread evenly over chunks). */
    static double maxTokensPerSecond(List<RequestRow> rows, long startNs) {
        Map<Long, Double> buckets = new HashMap<>();
        for (RequestRow row : rows) {
            long[] t = row.record().chunkTimesNs();
            if (t == null || t.length == 0 || !row.record().ok()) {
                continue;
            }
            double perChunk = Math.max(1, row.record().outputTokens()) / (double) t.length;
            for (long c : t) {
                buckets.merge(Math.floorDiv(c - startNs, 1_000_000_000L), perChunk, Double::sum);
            }
        }
        return buckets.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** Peak number of requests between their send and their end. */
    static long maxConcurrent(List<RequestRow> rows) {
        List<long[]> events = new ArrayList<>();
        for (RequestRow row : rows) {
            RequestRecord rec = row.record();
            long start = rec.sentNs() != RequestRecord.ABSENT ? rec.sentNs() : rec.issuedNs();
            if (start != RequestRecord.ABSENT && rec.doneNs() != RequestRecord.ABSENT) {
                events.add(new long[] {start, 1});
                events.add(new long[] {rec.doneNs(), -1});
            }
        }
        long[][] e = events.toArray(long[][]::new);
        Arrays.sort(e, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long cur = 0;
        long max = 0;
        for (long[] x : e) {
            cur += x[1];
            max = Math.max(max, cur);
        }
        return max;
    }

    /** A rate as Python prints a float: {@code 8.0}, {@code 0.5}. */
    static String python(double v) {
        String s = Double.toString(v);
        return s.contains("E") ? String.format(Locale.ROOT, "%s", v) : s;
    }
}
