package io.llmharness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A workload run's summary.json ({@code harness bench}, {@code "kind": "bench"}) seen with the sections the tools
 * over many runs read ({@code harness compare}, {@code harness history}): {@code config} (workload, harness as the
 * scenario, model, target) and {@code metrics} (requests, failure rate, duration, throughput, latency percentiles in
 * ms), taken from its {@code workload} and {@code total}. The workload's own sections stay as they are.
 */
final class WorkloadSummaryLayout {

    static final String KIND = "bench";

    private WorkloadSummaryLayout() {}

    /** Whether a summary.json is a workload run's. */
    static boolean isWorkload(JsonNode root) {
        return root != null && KIND.equals(root.path("kind").asText());
    }

    /** A copy of the document with {@code config} and {@code metrics} added (unless it has them already). */
    static JsonNode withRunSections(ObjectNode root) {
        ObjectNode out = root.deepCopy();
        JsonNode w = root.path("workload");
        if (!out.has("config")) {
            ObjectNode c = out.putObject("config");
            c.put("workload", profileName(w.path("profile").asText(null)));
            c.put("scenario_name", w.path("harness").asText(null));
            c.put("model", w.path("model").asText(null));
            c.put("target", w.path("base_url").asText(null));
        }
        if (!out.has("metrics")) {
            JsonNode t = root.path("total");
            ObjectNode m = out.putObject("metrics");
            ObjectNode req = m.putObject("requests");
            req.set("issued", t.path("requests"));
            req.set("succeeded", t.path("succeeded"));
            req.set("failed", t.path("failed"));
            m.set("failure_rate", t.path("failure_rate"));
            m.putObject("window").set("duration_s", t.path("benchmark_duration_s"));
            ObjectNode th = m.putObject("throughput");
            th.set("requests_per_second", t.path("throughput").path("requests_per_s"));
            th.set("output_tokens_per_second", t.path("throughput").path("output_tokens_per_s"));
            th.set("goodput_requests_per_second", t.path("goodput").path("requests_per_s"));
            m.set("latency", t.path("latency_ms"));
        }
        return out;
    }

    /** {@code three} for {@code /some/where/three.yaml.in}; null stays null. */
    static String profileName(String profile) {
        if (profile == null) {
            return null;
        }
        String name = profile.replace('\\', '/');
        return name.substring(name.lastIndexOf('/') + 1).replaceFirst("\\.yaml(\\.in)?$", "");
    }
}
