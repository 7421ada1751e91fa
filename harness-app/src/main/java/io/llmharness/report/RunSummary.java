package io.llmharness.report;

import io.llmharness.metrics.MetricSummary;
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
 */
public record RunSummary(
        RunInfo run,
        SequencedMap<String, Object> config,
        SequencedMap<String, Object> dataset,
        SequencedMap<String, Object> mlperf,
        SequencedMap<String, Object> clientHealth,
        MetricSummary metrics) {

    public RunSummary {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(metrics, "metrics");
        config = JsonTree.freeze(config == null ? Map.of() : config);
        dataset = JsonTree.freeze(dataset == null ? Map.of() : dataset);
        mlperf = mlperf == null ? null : JsonTree.freeze(mlperf);
        clientHealth = clientHealth == null ? null : JsonTree.freeze(clientHealth);
    }

    /** A summary without a client-health section. */
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
}
