package io.llmharness.run;

import io.llmharness.benchmark.LatencyLimits;
import io.llmharness.client.health.ClientSamples;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.log.RunLogFolder;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.FailureVerdict;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.SloSpec;
import io.llmharness.report.ClientHealthSection;
import io.llmharness.report.MlperfSection;
import io.llmharness.report.OutputSpace;
import io.llmharness.report.RunInfo;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.RunSummary;
import io.llmharness.report.render.RunReports;
import io.llmharness.secret.Secrets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what the harness adds to LoadGen's four logs (in the run's {@code mlperf/} folder): {@code summary.json}, {@code requests.csv},
 * {@code requests.parquet}, the ITL histograms and the report ({@code report.html}, {@code charts/*.png}), from
 * every request the client recorded (also those of an aborted or interrupted run).
 */
final class RunFiles {

    private RunFiles() {}

    /** What the client-health section is made of besides the records: the sampler's figures and the warm start. */
    record Health(ClientSamples samples, WarmStart.Report warm, List<PeakProbes.Probe> peakProbes) {}

    /** Writes the files and returns the result with its metric summary and client-health verdict. */
    static RunResult write(
            RunResult r, RecordSnapshot snapshot, List<EndpointStats> endpoints, Instant start, Instant end, Health h) {
        MetricSummary metrics =
                MetricSummary.compute(snapshot, MeasureOptions.all().withSlos(slos(r.spec())), endpoints);
        ClientHealth health = ClientHealth.evaluate(
                snapshot.requests(), h.samples(), r.spec().sut().health());
        FailureVerdict failures = failures(r, snapshot);
        RunRequest.OutputRequest out = r.spec().request().output();
        RunSummary summary = RunSummary.of(
                new RunInfo(r.spec().runId(), out.toolVersion(), Secrets.redactArgs(out.commandLine()), start, end),
                withProfile(ResolvedConfig.summaryMap(r.spec(), r.requestModel()), r.profileProblem()),
                dataset(r.spec()),
                mlperf(r, failures, h.peakProbes()),
                ClientHealthSection.of(health, warmUp(h.warm())),
                metrics);
        String filesProblem = null;
        try {
            RunSummary written = RunOutputs.write(r.runDir(), summary, snapshot);
            RunReports.Written report = RunReports.write(r.runDir(), written, snapshot);
            filesProblem = report.problems().stream()
                    .filter(p -> OutputSpace.isFull(p) && p.contains("cannot write "))
                    .findFirst()
                    .map(p -> p.substring(p.indexOf("cannot write ")))
                    .orElse(null);
        } catch (HarnessException e) {
            // a full disk (or another write failure): the result is still printed, then this line, exit 1
            filesProblem = e.getMessage();
        }
        return new RunResult(
                r.spec(),
                r.runDir(),
                r.loadgen(),
                metrics,
                r.sut(),
                r.requestModel(),
                r.failure(),
                r.interrupted(),
                r.elapsed(),
                health,
                r.profileProblem(),
                failures,
                filesProblem);
    }

    /** {@code config.profile_problem}: present only when a profiled run produced no trace. */
    private static Map<String, ?> withProfile(Map<String, ?> config, String problem) {
        if (problem == null) {
            return config;
        }
        Map<String, Object> m = new LinkedHashMap<>(config);
        m.put("profile_problem", problem);
        return m;
    }

    /**
     * The harness's verdict on failed samples: LoadGen's counts (a sample issued but never answered counts as
     * failed), the kinds from the records (a batch request counts once per sample it carried).
     */
    static FailureVerdict failures(RunResult r, RecordSnapshot snapshot) {
        long issued = r.sut().samplesIssued();
        long failed = r.sut().samplesFailed() + Math.max(0, issued - r.sut().samplesCompleted());
        return FailureVerdict.of(
                "samples",
                issued,
                failed,
                snapshot.requests(),
                RequestRecord::promptCount,
                r.spec().sut().maxFailureRate());
    }

    private static Map<String, Object> warmUp(WarmStart.Report w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("queries", w.queries());
        m.put("succeeded", w.succeeded());
        m.put("duration_s", w.tookNs() / 1e9);
        m.put("ended_by", w.endedBy());
        m.put("jit_ms", w.jitMs() < 0 ? null : w.jitMs());
        w.end().putInto(m);
        m.put("connections_target", w.connectionsTarget());
        m.put("connections_open", w.connectionsOpen());
        m.put("connections_opened", w.connectionsOpened());
        m.put("connect_ms", w.connectNs() / 1e6);
        return m;
    }

    /** Server and Interactive runs count goodput against the benchmark's TTFT / TPOT limits. */
    private static SloSpec slos(RunSpec spec) {
        LatencyLimits l = spec.benchmark().loadGen().limits();
        SloSpec s = SloSpec.NONE;
        if (l.ttftMs() != null) {
            s = s.with(LatencyMetric.TTFT, l.ttftMs() * 1_000_000L);
        }
        if (l.tpotMs() != null) {
            s = s.with(LatencyMetric.TPOT, l.tpotMs() * 1_000_000L);
        }
        if (l.targetLatencyMs() != null) {
            s = s.with(LatencyMetric.E2E_LATENCY, l.targetLatencyMs() * 1_000_000L);
        }
        return spec.benchmark().loadGen().loadgenScenario().equals("Server") ? s : SloSpec.NONE;
    }

    private static Map<String, Object> dataset(RunSpec spec) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", ResolvedConfig.abs(spec.request().dataset().path()));
        m.put("rows", spec.dataset().size());
        m.put("statistics", spec.dataset().statistics().toMap());
        return m;
    }

    private static Map<String, Object> mlperf(RunResult r, FailureVerdict failures, List<PeakProbes.Probe> peakProbes) {
        TestResult lg = r.loadgen();
        Map<String, Object> results = new LinkedHashMap<>();
        lg.performance().ifPresent(p -> results.putAll(keyResults(p)));
        results.put("Accuracy log entries", lg.accuracyLogEntries());
        results.put("Warnings", lg.warningCount());
        results.put("Errors", lg.errorCount());
        results.put("Aborted", lg.aborted());
        String verdict = lg.verdict() == TestResult.Verdict.NOT_APPLICABLE
                ? "ACCURACY"
                : lg.verdict().name();
        Map<String, Object> m = new LinkedHashMap<>(
                MlperfSection.of(lg.scenario().specName(), lg.mode().specName(), verdict, results)
                        .toMap());
        m.put("harness_verdict", failures.verdict());
        m.put("samples", failures.toMap());
        m.put("run_scenario", r.spec().benchmark().loadGen().scenario().displayName());
        m.put("lg_model_name", r.spec().benchmark().loadGen().modelName());
        if (PeakProbes.isPeakSearch(lg)) {
            m.put("find_peak", PeakProbes.section(lg, peakProbes));
        }
        // relative to the run directory: LoadGen's folder holds its four logs and nothing else
        m.put(
                "logs",
                RunLogFolder.FILES.stream()
                        .map(f -> RunLogFolder.NAME + "/" + f)
                        .toList());
        return m;
    }

    /** A rate of the key results, or null (JSON {@code null}) when no sample was measured: there is no rate. */
    private static Double rate(PerformanceSummary p, double v) {
        return p.measured() ? v : null;
    }

    private static Map<String, Object> keyResults(PerformanceSummary p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Result is", p.validity().valid() ? "VALID" : "INVALID");
        boolean tokens = p.settings().useTokenLatencies();
        switch (p.settings().scenario()) {
            case OFFLINE -> {
                m.put("Samples per second", rate(p, p.samplesPerSecond()));
                if (tokens) {
                    m.put("Tokens per second", rate(p, p.tokensPerSecond()));
                }
            }
            case SERVER -> {
                m.put("Completed samples per second", rate(p, p.completedSamplesPerSecond()));
                if (tokens) {
                    m.put("Completed tokens per second", rate(p, p.completedTokensPerSecond()));
                }
            }
            case SINGLE_STREAM, MULTI_STREAM ->
                m.put("Target percentile latency (ns)", p.samples().target());
        }
        m.put("Samples", p.sampleCount());
        m.put("Queries issued", p.queriesIssued());
        if (tokens && p.settings().scenario() != Scenario.OFFLINE) {
            // LoadGen's summary has no per-token latencies for Offline (no first tokens are reported there)
            m.put("First token p99 (ns)", p.firstToken().percentile(4));
            m.put("Time per output token p99 (ns)", p.timePerOutputToken().percentile(4));
        }
        m.put("Min duration satisfied", p.validity().minDurationMet());
        m.put("Min queries satisfied", p.validity().minQueriesMet());
        m.put("Performance constraints satisfied", p.validity().perfConstraintsMet());
        m.put("Early stopping satisfied", p.validity().earlyStoppingMet());
        return m;
    }
}
