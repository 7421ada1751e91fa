package io.llmharness.report.format;

import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.report.RunInfo;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.workload.spec.WorkloadSpec;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything a workload run's reports say: the result model the formats render.
 *
 * @param run identity and wall-clock span
 * @param spec the workload as read (harness semantics, stages, data, report settings)
 * @param profileFile file name of the rendered profile in the run directory
 * @param renderedProfile the rendered profile text
 * @param model the model the requests named
 * @param baseUrl the server's base URL
 * @param tokenizer the tokenizer client token counts came from, which kind of source it is and why better sources
 *     were not used; null when the data needed none
 * @param data what the data section generated
 * @param wallAnchor the wall-clock time of {@code nanoAnchor}
 * @param nanoAnchor a nanoTime value taken with {@code wallAnchor}; request times are relative to it
 * @param stages the stages run, in order
 * @param total the whole run's metrics (every stage's requests)
 * @param requests every measured request, in issue order
 * @param stopReason why the run stopped early, or null when it ran to the end
 * @param warnings one line each
 * @param serverMetrics the server's {@code /metrics} per stage ({@code --enable-metrics}), or null when not scraped
 * @param servers each server's own results when the run shared its load over several, else empty
 */
public record BenchReport(
        RunInfo run,
        WorkloadSpec spec,
        String profileFile,
        String renderedProfile,
        String model,
        String baseUrl,
        ResolvedTokenizer tokenizer,
        String data,
        Instant wallAnchor,
        long nanoAnchor,
        List<StageResult> stages,
        StageMetrics total,
        List<RequestRow> requests,
        String stopReason,
        List<String> warnings,
        ServerMetricsSummary serverMetrics,
        List<ServerResult> servers) {

    public BenchReport {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(spec, "spec");
        stages = List.copyOf(stages);
        requests = List.copyOf(requests);
        warnings = List.copyOf(warnings);
        servers = servers == null ? List.of() : List.copyOf(servers);
    }

    /** Whether the run stopped before its end. */
    public boolean interrupted() {
        return stopReason != null;
    }

    /** The wall-clock time of a nanoTime value. */
    public Instant instant(long nanoTime) {
        return wallAnchor.plusNanos(nanoTime - nanoAnchor);
    }

    /** Seconds of a nanoTime value since the run's anchor (the "perf counter" of inference-perf's files). */
    public double seconds(long nanoTime) {
        return (nanoTime - nanoAnchor) / 1e9;
    }
}
