package io.llmharness.report;

import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.StageWindow;
import io.llmharness.metrics.server.ServerMetricsSummary;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SequencedMap;

/**
 * Everything summary.json says about a run: the result model the writers render. Caller-provided sections are
 * frozen on construction into ordered, immutable JSON-like values ({@link JsonTree#freeze}), so the document has
 * a stable key order.
 *
 * @param run identity and timing
 * @param config the resolved run configuration (settings that decide the result)
 * @param dataset dataset statistics
 * @param mlperf LoadGen's scenario, mode, validity and key result lines, or null outside MLPerf mode (see
 *     {@link MlperfSection})
 * @param clientHealth whether the client kept up ({@link ClientHealthSection}), or null when not measured
 * @param metrics the metric summary, including per-endpoint counters and failures
 * @param stages the stages of a workload run, in order, times relative to the run start; empty for a run of one
 *     stage (MLPerf), which the report then shows as one stage spanning the measured window
 * @param serverMetrics what the servers' {@code /metrics} said per stage, or null when they were not scraped
 *     ({@link RunOutputs#write} fills it from {@code server_metrics.parquet})
 */
public record RunSummary(
        RunInfo run,
        SequencedMap<String, Object> config,
        SequencedMap<String, Object> dataset,
        SequencedMap<String, Object> mlperf,
        SequencedMap<String, Object> clientHealth,
        MetricSummary metrics,
        List<StageWindow> stages,
        ServerMetricsSummary serverMetrics) {

    public RunSummary {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(metrics, "metrics");
        config = JsonTree.freeze(config == null ? Map.of() : config);
        dataset = JsonTree.freeze(dataset == null ? Map.of() : dataset);
        mlperf = mlperf == null ? null : JsonTree.freeze(mlperf);
        clientHealth = clientHealth == null ? null : JsonTree.freeze(clientHealth);
        stages = stages == null ? List.of() : List.copyOf(stages);
    }

    /** A summary of a run without stages and without server metrics. */
    public RunSummary(
            RunInfo run,
            SequencedMap<String, Object> config,
            SequencedMap<String, Object> dataset,
            SequencedMap<String, Object> mlperf,
            SequencedMap<String, Object> clientHealth,
            MetricSummary metrics) {
        this(run, config, dataset, mlperf, clientHealth, metrics, List.of(), null);
    }

    /** A summary without a client-health section, stages or server metrics. */
    public RunSummary(
            RunInfo run,
            SequencedMap<String, Object> config,
            SequencedMap<String, Object> dataset,
            SequencedMap<String, Object> mlperf,
            MetricSummary metrics) {
        this(run, config, dataset, mlperf, null, metrics);
    }

    /**
     * Builds a summary from plain maps: maps that are not {@link SequencedMap}s (e.g. {@code Map.of}) are written
     * with their keys sorted.
     */
    public static RunSummary of(
            RunInfo run, Map<String, ?> config, Map<String, ?> dataset, Map<String, ?> mlperf, MetricSummary metrics) {
        return of(run, config, dataset, mlperf, null, metrics);
    }

    /** As {@link #of(RunInfo, Map, Map, Map, MetricSummary)}, with a client-health section (may be null). */
    public static RunSummary of(
            RunInfo run,
            Map<String, ?> config,
            Map<String, ?> dataset,
            Map<String, ?> mlperf,
            Map<String, ?> clientHealth,
            MetricSummary metrics) {
        return new RunSummary(
                run,
                JsonTree.freeze(config == null ? Map.of() : config),
                JsonTree.freeze(dataset == null ? Map.of() : dataset),
                mlperf == null ? null : JsonTree.freeze(mlperf),
                clientHealth == null ? null : JsonTree.freeze(clientHealth),
                metrics);
    }

    /** This summary with the stages of a workload run (times relative to the run start). */
    public RunSummary withStages(List<StageWindow> s) {
        return new RunSummary(run, config, dataset, mlperf, clientHealth, metrics, s, serverMetrics);
    }

    /** This summary with a server-metrics section (null for none). */
    public RunSummary withServerMetrics(ServerMetricsSummary s) {
        return new RunSummary(run, config, dataset, mlperf, clientHealth, metrics, stages, s);
    }

    /**
     * The stages as the report shows them: the recorded ones, or one stage named after the MLPerf scenario (else
     * {@code run}) spanning the measured window.
     */
    public List<StageWindow> effectiveStages() {
        if (!stages.isEmpty()) {
            return stages;
        }
        Object scenario = mlperf == null ? null : mlperf.get("scenario");
        String name = scenario == null ? "run" : scenario.toString();
        return List.of(new StageWindow(
                name, metrics.window().startNs(), metrics.window().endNs()));
    }
}
