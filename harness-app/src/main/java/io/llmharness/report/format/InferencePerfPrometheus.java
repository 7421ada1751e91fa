package io.llmharness.report.format;

import io.llmharness.metrics.server.PromSummary;
import io.llmharness.metrics.server.PromValue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes one inference-perf Prometheus report ({@code summary_prometheus_metrics.json} or
 * {@code stage_<id>_prometheus_metrics.json}, §2.15 of the workload spec) with the formats' JSON style.
 */
public final class InferencePerfPrometheus {

    /** The whole run's report. */
    public static final String SUMMARY_FILE = "summary_prometheus_metrics.json";

    private InferencePerfPrometheus() {}

    /** The report file of stage {@code id}. */
    public static String stageFile(int id) {
        return "stage_" + id + "_prometheus_metrics.json";
    }

    /** Writes the report of the answers per metric field to {@code file}. */
    public static void write(Path file, Map<String, PromValue> answers) throws IOException {
        Map<String, Object> report = PromSummary.report(answers);
        try (Json j = Json.to(file)) {
            j.start(null);
            for (Map.Entry<String, Object> e : report.entrySet()) {
                j.tree(e.getKey(), e.getValue());
            }
            j.end();
        }
    }
}
