package io.llmharness.workload.read;

import io.llmharness.workload.spec.ReportSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** inference-perf's {@code report} section: which lifecycle files, which percentiles, goodput constraints. */
final class InferencePerfReport {

    /** inference-perf goodput metric names → our canonical metric keys. */
    static final Map<String, String> GOODPUT = Map.of(
            "ttft", "ttft",
            "tpot", "tpot",
            "ntpot", "ntpot",
            "request_latency", "e2e_latency");

    private InferencePerfReport() {}

    static ReportSpec read(YamlNode r, List<String> warnings) {
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
        if (prom.child("per_stage").bool(false)) {
            warnings.add(prom.where("per_stage") + ": Prometheus reports are not written yet");
        }
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
                goodput(r.child("goodput")));
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
