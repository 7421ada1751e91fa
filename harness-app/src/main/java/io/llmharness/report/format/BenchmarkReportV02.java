package io.llmharness.report.format;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.SummaryStats;
import io.llmharness.report.RunInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One llm-d Benchmark Report v0.2 (YAML) per stage, named as llm-d's analyzer names them:
 * {@code benchmark_report_v0.2,_stage_<n>_lifecycle_metrics.json.yaml}. {@code scenario.load} says which harness's
 * semantics ran the stage ({@code tool}), the sequence lengths, rate or concurrency, and carries the rendered
 * profile as its native config; {@code results.request_performance.aggregate} has the stage's requests, latencies
 * (ms, ms/token) and throughput.
 */
final class BenchmarkReportV02 implements ReportFormat {

    /** The percentiles a Benchmark Report Statistics object has. */
    static final List<Double> PERCENTILES = List.of(0.1, 1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.9);

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

    @Override
    public String name() {
        return "llm-d Benchmark Report v0.2";
    }

    @Override
    public List<String> write(BenchReport r, Path dir) throws IOException {
        List<String> files = new ArrayList<>();
        for (StageResult s : r.stages()) {
            String name = "benchmark_report_v0.2,_stage_" + s.index() + "_lifecycle_metrics.json.yaml";
            Files.writeString(dir.resolve(name), YAML.writeValueAsString(report(r, s)), StandardCharsets.UTF_8);
            files.add(name);
        }
        return files;
    }

    static Map<String, Object> report(BenchReport r, StageResult s) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", "0.2");
        doc.put("run", run(r, s));
        doc.put("scenario", Map.of("load", BenchmarkReportLoad.load(r, s)));
        doc.put("results", Map.of("request_performance", Map.of("aggregate", aggregate(s.metrics()))));
        return doc;
    }

    private static Map<String, Object> run(BenchReport r, StageResult s) {
        RunInfo info = r.run();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("uid", UUID.randomUUID().toString());
        run.put("eid", uuid5(info.id()).toString());
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("start", r.instant(s.startNs()).toString());
        time.put("end", r.instant(s.endNs()).toString());
        time.put(
                "duration",
                Duration.ofNanos(Math.max(0, s.endNs() - s.startNs())).toString());
        run.put("time", time);
        return run;
    }

    private static Map<String, Object> aggregate(StageMetrics m) {
        Map<String, Object> requests = new LinkedHashMap<>();
        requests.put("total", m.requests());
        requests.put("failures", m.failures().failed());
        requests.put("incomplete", 0);
        Map<String, Object> agg = new LinkedHashMap<>();
        agg.put("requests", requests);
        if (m.succeeded() == 0) {
            return agg;
        }
        put(requests, "input_length", stats(m.inputTokens(), "count", 1));
        put(requests, "output_length", stats(m.outputTokens(), "count", 1));
        Map<String, Object> latency = new LinkedHashMap<>();
        put(latency, "time_to_first_token", stats(m.latency("ttft"), "ms", 1e6));
        put(latency, "normalized_time_per_output_token", stats(m.latency("ntpot"), "ms/token", 1e6));
        put(latency, "time_per_output_token", stats(m.latency("tpot"), "ms/token", 1e6));
        put(latency, "inter_token_latency", stats(m.latency("itl_token"), "ms/token", 1e6));
        put(latency, "request_latency", stats(m.latency("e2e_latency"), "ms", 1e6));
        agg.put("latency", latency);
        StageMetrics.Rates t = m.throughput();
        Map<String, Object> throughput = new LinkedHashMap<>();
        put(throughput, "input_token_rate", mean(t.inputTokensPerSecond(), "tokens/s"));
        put(throughput, "output_token_rate", mean(t.outputTokensPerSecond(), "tokens/s"));
        put(throughput, "total_token_rate", mean(t.totalTokensPerSecond(), "tokens/s"));
        put(throughput, "request_rate", mean(t.requestsPerSecond(), "queries/s"));
        agg.put("throughput", throughput);
        return agg;
    }

    private static void put(Map<String, Object> m, String key, Object v) {
        if (v != null) {
            m.put(key, v);
        }
    }

    private static Map<String, Object> mean(double v, String units) {
        if (!Double.isFinite(v)) {
            return null;
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("units", units);
        s.put("mean", v);
        return s;
    }

    /** A Statistics object, or null when empty; values divided by {@code divisor}. */
    static Map<String, Object> stats(SummaryStats st, String units, double divisor) {
        if (st.isEmpty()) {
            return null;
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("units", units);
        s.put("mean", st.mean() / divisor);
        s.put("stddev", st.stdDev() / divisor);
        s.put("min", st.min() / divisor);
        for (double p : PERCENTILES) {
            s.put(PercentileNames.benchmarkReport(p), st.percentile(p) / divisor);
        }
        s.put("max", st.max() / divisor);
        return s;
    }

    /** A name-based (version 5, SHA-1) UUID in the URL namespace, as llm-d derives {@code run.eid}. */
    static UUID uuid5(String name) {
        try {
            java.security.MessageDigest sha1 = java.security.MessageDigest.getInstance("SHA-1");
            UUID ns = UUID.fromString("6ba7b811-9dad-11d1-80b4-00c04fd430c8");
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16);
            b.putLong(ns.getMostSignificantBits()).putLong(ns.getLeastSignificantBits());
            sha1.update(b.array());
            byte[] h = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
            h[6] = (byte) ((h[6] & 0x0f) | 0x50);
            h[8] = (byte) ((h[8] & 0x3f) | 0x80);
            java.nio.ByteBuffer w = java.nio.ByteBuffer.wrap(h, 0, 16);
            return new UUID(w.getLong(), w.getLong());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
