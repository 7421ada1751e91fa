package io.llmharness.workload.read;

import io.llmharness.workload.spec.PrometheusSpec;
import io.llmharness.workload.spec.ReportSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** inference-perf's {@code report} section: which lifecycle files, which percentiles, goodput constraints. */
final class InferencePerfReport {

    /** inference-perf goodput metric names → our canonical metric keys. */
    static final Map<String, String> GOODPUT = Map.of(
            "ttft", "ttft",
            "tpot", "tpot",
            "ntpot", "ntpot",
            "request_latency", "e2e_latency");

    private InferencePerfReport() {}

    /**
     * Reads {@code report}, with the {@code metrics} section that says which Prometheus server
     * {@code report.prometheus} asks.
     */
    static ReportSpec read(YamlNode r, YamlNode metrics, List<String> warnings) {
        r.allowOnly(List.of("request_lifecycle", "prometheus", "session_lifecycle", "goodput"));
        YamlNode lc = r.child("request_lifecycle");
        lc.allowOnly(List.of(
                "summary",
                "per_stage",
                "per_request",
                "per_adapter",
                "per_adapter_stage",
                "percentiles",
                "use_server_output_tokens",
                "max_error_messages"));
        if (lc.child("per_adapter_stage").bool(false)) {
            warnings.add(lc.where("per_adapter_stage") + ": there are no LoRA adapters in workload mode yet; no"
                    + " adapter files are written");
        }
        if (lc.has("use_server_output_tokens")) {
            warnings.add(lc.where("use_server_output_tokens") + ": output token counts always come from the server's"
                    + " usage when it reports one (the client's count is reported beside it)");
        }
        YamlNode prom = r.child("prometheus");
        prom.allowOnly(List.of("summary", "per_stage"));
        PrometheusSpec prometheus = prometheus(
                metrics,
                prom.child("summary").bool(true),
                prom.child("per_stage").bool(false));
        YamlNode sessions = r.child("session_lifecycle");
        sessions.allowOnly(List.of("summary", "per_stage", "per_session"));
        List<Double> percentiles = new ArrayList<>();
        YamlNode pNode = lc.child("percentiles");
        for (YamlNode p : pNode.list()) {
            double v = p.number(null);
            if (!(v > 0 && v < 100)) {
                throw p.error("a percentile must lie strictly between 0 and 100, got " + v);
            }
            percentiles.add(v);
        }
        return new ReportSpec(
                lc.child("summary").bool(true),
                lc.child("per_stage").bool(true),
                lc.child("per_request").bool(false),
                pNode.missing() ? ReportSpec.DEFAULT_PERCENTILES : percentiles,
                goodput(r.child("goodput")),
                prometheus);
    }

    /** inference-perf's {@code metrics} section: a Prometheus server to query, or null ({@code type: default}). */
    private static PrometheusSpec prometheus(YamlNode m, boolean summary, boolean perStage) {
        m.allowOnly(List.of("type", "prometheus"));
        String type = m.child("type").oneOf("default", Set.of("default", "prometheus"));
        if (!type.equals("prometheus")) {
            return null;
        }
        YamlNode p = m.child("prometheus");
        if (p.missing()) {
            throw m.child("type")
                    .error("type prometheus needs a prometheus section with the url of a Prometheus server");
        }
        p.allowOnly(List.of("url", "google_managed", "scrape_interval", "filters"));
        boolean google = p.child("google_managed").bool(false);
        String url = p.child("url").string(null);
        url = url == null || url.isBlank() ? null : url.strip();
        if (google) {
            throw p.child("google_managed")
                    .error(
                            url != null
                                    ? "give exactly one of url and google_managed"
                                    : "Google Cloud Managed Prometheus needs Google credentials this tool does not use; give"
                                            + " the url of a Prometheus server (a port-forward to the managed frontend works)");
        }
        if (url == null) {
            throw p.error("a url of the Prometheus server to query is required (e.g. url: http://prometheus:9090)");
        }
        if (!url.startsWith("http://") && !url.startsWith("https://")) {
            throw p.child("url").error("must be an http:// or https:// URL, got " + url);
        }
        long interval = p.child("scrape_interval").integer((long) PrometheusSpec.DEFAULT_SCRAPE_INTERVAL_S);
        if (interval < 0) {
            throw p.child("scrape_interval").error("must be a whole number of seconds >= 0, got " + interval);
        }
        List<String> filters = new ArrayList<>();
        for (YamlNode f : p.child("filters").list()) {
            filters.add(f.string(""));
        }
        // inference-perf reads a scrape_interval of 0 as 30 s
        return new PrometheusSpec(url, interval == 0 ? 30 : interval, filters, summary, perStage);
    }

    private static Map<String, Double> goodput(YamlNode g) {
        g.allowOnly(List.of("constraints"));
        YamlNode c = g.child("constraints");
        c.allowOnly(List.of("ttft", "tpot", "itl", "ntpot", "request_latency"));
        c.reject("itl", "ITL is pooled over requests and cannot bound a single request here; use tpot");
        Map<String, Double> out = new LinkedHashMap<>();
        for (String k : c.keys()) {
            double v = c.child(k).number(null);
            if (!(v > 0)) {
                throw c.child(k).error("must be a positive number of seconds, got " + v);
            }
            out.put(GOODPUT.get(k), v);
        }
        return out;
    }
}
