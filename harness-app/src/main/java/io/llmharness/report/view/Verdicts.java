package io.llmharness.report.view;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.report.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdicts at the top of a report: LoadGen's result (or, outside MLPerf mode, whether requests failed), in
 * MLPerf mode the harness's failed-sample verdict, and,
 * when summary.json has a {@code client_health} object, the client's own health: its verdict ({@code ok},
 * {@code client-limited}, or any text under one of the usual keys), its reasons, then its figures.
 */
final class Verdicts {

    private static final List<String> LABEL_KEYS = List.of("verdict", "status", "result", "health", "state");
    /** Top-level keys not listed as details of an object without reasons: settings rather than findings. */
    private static final List<String> SKIPPED_KEYS = List.of("thresholds", "warm_up");

    private Verdicts() {}

    static List<RunVerdict> of(RunSummary s, JsonNode doc) {
        List<RunVerdict> out = new ArrayList<>();
        out.add(s.mlperf() != null ? loadgen(s.mlperf()) : run(s));
        if (s.mlperf() != null && s.mlperf().get("samples") instanceof Map<?, ?> samples) {
            out.add(samples(samples));
        }
        JsonNode health = doc == null ? null : doc.get("client_health");
        if (health != null && !health.isNull()) {
            out.add(health(health));
        }
        return out;
    }

    private static RunVerdict loadgen(Map<String, Object> mlperf) {
        String result = String.valueOf(mlperf.getOrDefault("result", "–"));
        List<String> details = new ArrayList<>();
        details.add(mlperf.getOrDefault("scenario", "") + " · " + mlperf.getOrDefault("mode", ""));
        if (mlperf.get("results") instanceof Map<?, ?> results && Boolean.TRUE.equals(results.get("Aborted"))) {
            details.add("the run was aborted; LoadGen's own verdict on what it saw: " + result);
            return new RunVerdict("LoadGen", "ABORTED", RunVerdict.Tone.BAD, details);
        }
        if (mlperf.get("results") instanceof Map<?, ?> results) {
            results.forEach((k, v) -> {
                if (v instanceof Boolean b && k.toString().endsWith("satisfied")) {
                    details.add((b ? "✓ " : "✗ ") + k);
                }
            });
        }
        return new RunVerdict("LoadGen", result, tone(result), details);
    }

    /**
     * The harness's own verdict on failed samples ({@code mlperf.samples}: {@code FAILED-SAMPLES}, exit 5, when
     * more failed than allowed, else {@code OK}), which LoadGen's VALID does not see.
     */
    static RunVerdict samples(Map<?, ?> samples) {
        String verdict = String.valueOf(samples.get("verdict"));
        Object unit = samples.get("unit") == null ? "samples" : samples.get("unit");
        List<String> details = new ArrayList<>();
        if (samples.get("failed") instanceof Number failed && samples.get("issued") instanceof Number issued) {
            details.add(
                    failed.longValue() == 0
                            ? "no failed " + unit + " of " + issued.longValue()
                            : failed.longValue() + " of " + issued.longValue() + " " + unit + " failed");
        }
        if (samples.get("failed_by_kind") instanceof Map<?, ?> kinds) {
            kinds.forEach((k, n) -> details.add(n + " " + k));
        }
        if (samples.get("max_failure_rate") instanceof Number max && max.doubleValue() > 0) {
            details.add("allowed " + Format.percent(max.doubleValue()));
        }
        return new RunVerdict("Failed " + unit, verdict, tone(verdict), details);
    }

    private static RunVerdict run(RunSummary s) {
        long failed = s.metrics().requests().failed();
        return failed == 0
                ? new RunVerdict("Run", "COMPLETED", RunVerdict.Tone.GOOD, List.of("no failed request"))
                : new RunVerdict(
                        "Run",
                        "COMPLETED WITH FAILURES",
                        RunVerdict.Tone.WARN,
                        List.of(failed + " failed requests ("
                                + Format.percent(s.metrics().failureRate()) + ")"));
    }

    /**
     * A client_health object: its first verdict-like text field, then its {@code reasons}, or, for an object of
     * another shape, every other field as a detail line.
     */
    static RunVerdict health(JsonNode h) {
        if (!h.isObject()) {
            return new RunVerdict("Client health", h.asText(), tone(h.asText()), List.of());
        }
        String label = null;
        for (String k : LABEL_KEYS) {
            if (h.path(k).isTextual()) {
                label = h.get(k).asText();
                break;
            }
        }
        List<String> details = new ArrayList<>();
        JsonNode reasons = h.get("reasons");
        if (reasons != null && reasons.isArray()) {
            // the verdict explains itself: its reasons, one per line; the figures stay in summary.json
            reasons.forEach(r -> details.add(r.asText()));
            if (details.isEmpty()) {
                details.add("every figure within its threshold");
            }
            details.add("figures: client_health in summary.json");
        } else {
            flatten("", h, details, label);
        }
        return new RunVerdict(
                "Client health",
                label == null ? "REPORTED" : label,
                label == null ? RunVerdict.Tone.NEUTRAL : tone(label),
                details.size() > 12 ? details.subList(0, 12) : details);
    }

    private static void flatten(String prefix, JsonNode n, List<String> out, String label) {
        n.properties().forEach(e -> {
            String key = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (prefix.isEmpty() && SKIPPED_KEYS.contains(e.getKey())) {
                return;
            }
            if (v.isObject()) {
                flatten(key + ".", v, out, label);
            } else if (v.isArray()) {
                List<String> items = new ArrayList<>();
                v.forEach(x -> items.add(x.isValueNode() ? x.asText() : x.toString()));
                if (!items.isEmpty()) {
                    out.add(key + ": " + String.join("; ", items));
                }
            } else if (!(prefix.isEmpty()
                    && LABEL_KEYS.contains(e.getKey())
                    && v.asText().equals(label))) {
                out.add(key + ": " + (v.isNumber() ? Format.sig(v.asDouble()) : v.asText()));
            }
        });
    }

    static RunVerdict.Tone tone(String label) {
        String l = label.toUpperCase(Locale.ROOT);
        if (l.matches(".*(INVALID|UNHEALTHY|FAIL|BAD|OVERLOAD|ERROR).*")) {
            return RunVerdict.Tone.BAD;
        }
        if (l.matches(".*(WARN|DEGRADED|MARGINAL|SUSPECT|LIMITED).*")) {
            return RunVerdict.Tone.WARN;
        }
        if (l.matches(".*(VALID|OK|HEALTHY|GOOD|PASS|COMPLETED).*")) {
            return RunVerdict.Tone.GOOD;
        }
        return RunVerdict.Tone.NEUTRAL;
    }
}
