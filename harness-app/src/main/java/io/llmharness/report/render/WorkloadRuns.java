package io.llmharness.report.render;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.error.HarnessException;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.RequestMetrics;
import io.llmharness.metrics.StageWindow;
import io.llmharness.report.RunInfo;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.RunSummary;
import io.llmharness.report.SummaryJsonReader;
import io.llmharness.secret.Secrets;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's view of a workload run ({@code harness bench}): its summary.json ({@code "kind": "bench"}) is
 * another layout than an MLPerf run's, so the report reads from it what it shows — the run, the workload, the
 * stage windows — and computes the metrics from the requests with the same definitions as every other report.
 */
final class WorkloadRuns {

    static final String KIND = "bench";

    private static final ObjectMapper JSON = new ObjectMapper();

    private WorkloadRuns() {}

    /** Whether a summary.json is a workload run's. */
    static boolean isWorkloadRun(JsonNode summary) {
        return summary != null && KIND.equals(summary.path("kind").asText());
    }

    /** The summary.json of a run directory, or null when it is missing or not JSON. */
    static JsonNode read(Path dir) {
        try {
            return JSON.readTree(dir.resolve(RunOutputs.SUMMARY_JSON).toFile());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The run as the report shows it.
     *
     * @param summary the run's summary.json ({@link #isWorkloadRun})
     * @param snapshot its measured requests
     * @throws HarnessException (config) when the summary lacks its run section
     */
    static RunSummary summary(Path dir, JsonNode summary, RecordSnapshot snapshot) {
        JsonNode run = summary.path("run");
        if (!run.path("id").isTextual() || !run.path("start").isTextual()) {
            throw HarnessException.config(dir.resolve(RunOutputs.SUMMARY_JSON)
                    + ": a workload summary without run.id and run.start; rerun the benchmark");
        }
        List<String> argv = new ArrayList<>();
        run.path("command_line").forEach(a -> argv.add(a.asText()));
        RunInfo info = new RunInfo(
                run.path("id").asText(),
                run.path("tool_version").asText(),
                Secrets.redactArgs(argv),
                Instant.parse(run.path("start").asText()),
                run.path("end").isTextual() ? Instant.parse(run.path("end").asText()) : null);
        JsonNode w = summary.path("workload");
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("workload", workloadName(text(w, "profile"), text(w, "harness")));
        config.put("harness", text(w, "harness"));
        config.put("model", text(w, "model"));
        config.put("target", text(w, "base_url"));
        config.put("endpoint", text(w, "endpoint"));
        config.put(
                "streaming",
                w.path("streaming").isBoolean() ? w.path("streaming").asBoolean() : null);
        config.put("tokenizer", text(w, "tokenizer"));
        Map<String, Object> dataset = new LinkedHashMap<>();
        dataset.put("data", text(w, "data"));
        // several servers: their entries, so the report has a table and a chart line per server
        MetricSummary metrics = MetricSummary.compute(
                snapshot, MeasureOptions.all(), SummaryJsonReader.endpoints(summary.path("endpoints")));
        List<StageWindow> stages = stages(summary.path("stages"), snapshot);
        RunSummary s = RunSummary.of(info, config, dataset, null, metrics).withStages(stages);
        Instant anchor = snapshot.wallClockAnchor();
        return s.withServerMetrics(RunOutputs.serverMetrics(dir, anchor, s.effectiveStages()));
    }

    /**
     * The stage windows: {@code start_s} and {@code end_s} as written since the report reads them, else (older
     * directories) from the requests of each stage's sample-index range.
     */
    static List<StageWindow> stages(JsonNode array, RecordSnapshot snap) {
        List<StageWindow> out = new ArrayList<>();
        for (JsonNode st : array) {
            String name = "stage " + st.path("index").asInt(out.size()) + ": "
                    + st.path("stage").asText("");
            if (st.path("start_s").isNumber() && st.path("end_s").isNumber()) {
                long start = Math.round(st.path("start_s").asDouble() * 1e9);
                long end = Math.round(st.path("end_s").asDouble() * 1e9);
                out.add(new StageWindow(name, start, Math.max(start, end)));
                continue;
            }
            long first = st.path("first_sample_index").asLong(-1);
            long last = st.path("last_sample_index").asLong(-1);
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            for (RequestRecord r : snap.requests()) {
                if (r.sampleIndex() >= first && r.sampleIndex() <= last) {
                    long t = RequestMetrics.startNs(r);
                    if (t != ABSENT) {
                        lo = Math.min(lo, t - snap.nanoAnchor());
                        hi = Math.max(hi, (r.doneNs() != ABSENT ? r.doneNs() : t) - snap.nanoAnchor());
                    }
                }
            }
            if (lo != Long.MAX_VALUE) {
                out.add(new StageWindow(name, lo, Math.max(lo, hi)));
            }
        }
        return out;
    }

    /** {@code three (inference-perf)} for {@code /some/where/three.yaml}: the title of the report. */
    static String workloadName(String profile, String harness) {
        if (profile == null) {
            return harness;
        }
        String name = profile.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1).replaceFirst("\\.yaml(\\.in)?$", "");
        return harness == null ? name : name + " (" + harness + ")";
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
