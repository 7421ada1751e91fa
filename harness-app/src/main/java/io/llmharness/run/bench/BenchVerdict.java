package io.llmharness.run.bench;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.FailureVerdict;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.RequestRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness's verdict on the failed requests of a workload run, the workload-mode twin of MLPerf mode's
 * {@code FAILED-SAMPLES}: counted over the measured requests (warm-up excluded), {@code FAILED-REQUESTS} (exit 5)
 * when more than {@code --max-failure-rate} of them failed. Without the flag the failures are reported — on the
 * terminal and in summary.json — but do not fail the run, as inference-perf reports them.
 *
 * @param failures the counts and kinds
 * @param enforced {@code --max-failure-rate} was given
 */
public record BenchVerdict(FailureVerdict failures, boolean enforced) {

    /** The top-level summary.json fields this verdict adds. */
    static final String VERDICT_FIELD = "harness_verdict";

    static final String REQUESTS_FIELD = "requests";

    /** The verdict over a report's measured requests. */
    static BenchVerdict of(BenchReport report, BenchAccess access) {
        List<RequestRecord> records = new ArrayList<>();
        long failed = 0;
        for (RequestRow r : report.requests()) {
            records.add(r.record());
            if (!r.record().outcome().isOk()) {
                failed++;
            }
        }
        double allowed = access.enforced() ? access.maxFailureRate() : 0;
        return new BenchVerdict(
                FailureVerdict.of("requests", records.size(), failed, records, r -> 1, allowed), access.enforced());
    }

    /** Whether the failures fail the run (exit 5): only with {@code --max-failure-rate}. */
    public boolean failedRun() {
        return enforced && failures.failedRun();
    }

    /** {@code FAILED-REQUESTS} or {@code OK}. */
    public String verdict() {
        return failedRun() ? failures.verdict() : FailureVerdict.OK;
    }

    /** The terminal lines: how many failed, of what kind, where the records are, and what that means. */
    public List<String> lines(Path runDir) {
        List<String> out = new ArrayList<>();
        if (failures.failed() > 0) {
            out.add("Failed requests: "
                    + failures.line(runDir.resolve(RunOutputs.REQUESTS_CSV) + " (outcome and error columns)"));
        }
        if (failedRun()) {
            out.add(String.format(
                    Locale.ROOT,
                    "Harness verdict: %s (more than --max-failure-rate %s of the requests failed)",
                    verdict(),
                    failures.maxFailureRate()));
        } else if (enforced) {
            out.add("Harness verdict: OK");
        } else if (failures.failed() > 0) {
            out.add("  reported, not judged: give --max-failure-rate SHARE to make such a run fail (exit 5)");
        }
        return out;
    }

    /** For summary.json: the verdict and the counts ({@code max_failure_rate} null when not given). */
    Map<String, Object> toMap() {
        Map<String, Object> m = failures.toMap();
        m.put("verdict", verdict());
        if (!enforced) {
            m.put("max_failure_rate", null);
        }
        return m;
    }

    /** The fields this verdict adds to summary.json: {@code harness_verdict} and {@code requests}. */
    Map<String, Object> summaryFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(VERDICT_FIELD, verdict());
        m.put(REQUESTS_FIELD, toMap());
        return m;
    }
}
