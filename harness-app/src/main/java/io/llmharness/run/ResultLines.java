package io.llmharness.run;

import io.llmharness.benchmark.LatencyLimits;
import io.llmharness.benchmark.RunMode;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.log.RunLogFolder;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.results.Validity;
import io.llmharness.metrics.FailureVerdict;
import io.llmharness.report.render.HtmlFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The key lines of a run for the terminal: LoadGen's verdict with the harness's own beside it, the scenario's
 * metric, TTFT/TPOT, the sample counts (completed + failed = issued), what failed and where its records are, where
 * the files are.
 */
public final class ResultLines {

    /** Index of the 99th percentile in LoadGen's reported percentiles (50, 90, 95, 97, 99, 99.9). */
    private static final int P99 = 4;

    /** After LoadGen's rate when samples failed: LoadGen counts a failed sample (empty answer) as completed. */
    private static final String FAILED_TOO = " (LoadGen's count, failed samples included)";

    private ResultLines() {}

    /** The lines, without trailing newlines. */
    public static List<String> of(RunResult r) {
        List<String> out = new ArrayList<>();
        TestResult lg = r.loadgen();
        String title = r.spec().title();
        String harness = r.outcome() == RunResult.Outcome.FAILED_SAMPLES
                ? "   Harness verdict : " + r.failures().verdict()
                : "";
        switch (r.outcome()) {
            case INTERRUPTED -> out.add(title + ": interrupted; the logs and summary hold what was measured");
            case FAILED -> out.add(title + ": stopped early (" + shortReason(r.failure()) + ")");
            case ACCURACY_DONE, VALID, INVALID, FAILED_SAMPLES -> {
                if (lg.verdict() != TestResult.Verdict.NOT_APPLICABLE && PeakProbes.isPeakSearch(lg)) {
                    lg.performance().ifPresent(p -> out.add(PeakProbes.headline(title, p)));
                }
                out.add(title + ": " + loadgenLine(r) + harness);
            }
        }
        if (lg != null) {
            RunResult.Outcome own = r.loadgenOutcome();
            boolean measured = r.failure() == null
                    && !r.interrupted()
                    && (own == RunResult.Outcome.VALID || own == RunResult.Outcome.INVALID)
                    && !r.spec().benchmark().mode().compliance();
            if (measured) {
                lg.performance().ifPresent(p -> metricLines(out, p, r));
            }
            if (lg.verdict() == TestResult.Verdict.INVALID && measured && r.failure() == null && !r.interrupted()) {
                lg.performance().ifPresent(p -> row(out, "Why", why(p.validity())));
            }
            if (lg.errorCount() > 0) {
                row(
                        out,
                        "LoadGen errors",
                        lg.errorCount() + " (see " + RunLogFolder.NAME + "/" + RunLogFolder.DETAIL + ")");
            }
        }
        if (r.failures() != null) {
            row(
                    out,
                    "Samples",
                    r.failures().issued() + " issued: " + r.failures().completed() + " succeeded, "
                            + r.failures().failed() + " failed, "
                            + String.format(Locale.ROOT, "%.1f s", r.elapsed().toMillis() / 1000.0));
            if (r.failures().failed() > 0) {
                row(
                        out,
                        "Failed samples",
                        r.failures().line(r.runDir().resolve("requests.csv") + " (outcome and error columns)"));
            }
        }
        if (r.sut() != null) {
            if (r.sut().missingTokenIds() > 0) {
                row(
                        out,
                        "Token ids missing",
                        r.sut().missingTokenIds() + " responses had no token ids, so their LoadGen payloads are"
                                + " empty; this endpoint does not return ids (SGLang: use --endpoint-type generate;"
                                + " vLLM: 0.11 or newer)");
            }
        }
        long resent = r.metrics() == null
                ? 0
                : r.metrics().endpoints().stream()
                        .mapToLong(EndpointStats::overloadRetries)
                        .sum();
        if (resent > 0) {
            row(
                    out,
                    "Overload answers",
                    resent + " answers of 429/503 were retried (--max-retries); the waits count in the latencies");
        }
        if (r.metrics() != null && r.metrics().endpoints().size() > 1) {
            out.addAll(ServerLines.of(r.metrics()));
        }
        if (r.health() != null) {
            row(out, "Client health", r.health().line());
        }
        if (r.profileProblem() != null) {
            row(out, "Profile", r.profileProblem());
        }
        row(out, "Files", r.runDir().toString());
        Path logs = RunLogFolder.of(r.runDir());
        if (Files.isDirectory(logs)) {
            row(out, "LoadGen logs", logs.toString());
        }
        Path report = r.runDir().resolve(HtmlFormat.FILE);
        if (Files.isRegularFile(report)) {
            row(out, "Report", report.toString());
        }
        return out;
    }

    /** LoadGen's verdict as LoadGen says it: {@code Result is : VALID}, or the accuracy run's count. */
    private static String loadgenLine(RunResult r) {
        TestResult lg = r.loadgen();
        if (lg.verdict() == TestResult.Verdict.NOT_APPLICABLE) {
            return "done, " + lg.accuracyLogEntries() + " responses in " + RunLogFolder.NAME + "/"
                    + RunLogFolder.ACCURACY;
        }
        if (r.spec().benchmark().mode().compliance()) {
            return "done, " + lg.accuracyLogEntries()
                    + (r.spec().benchmark().mode() == RunMode.TEST06 ? " sampled" : "") + " responses in "
                    + RunLogFolder.NAME + "/"
                    + RunLogFolder.ACCURACY + " (LoadGen's" + " verdict, " + lg.verdict()
                    + ", does not count for " + r.spec().benchmark().mode().cliName() + ")";
        }
        return "Result is : " + lg.verdict()
                + (r.health() != null && !r.health().ok() ? " (client-limited)" : "");
    }

    private static void metricLines(List<String> out, PerformanceSummary p, RunResult r) {
        boolean tokens = p.settings().useTokenLatencies();
        FailureVerdict f = r.failures();
        boolean someFailed = f != null && f.failed() > 0 && f.issued() > 0;
        switch (p.settings().scenario()) {
            case OFFLINE -> {
                if (tokens) {
                    row(out, "Tokens per second", fixed(p.tokensPerSecond()));
                }
                row(out, "Samples per second", fixed(p.samplesPerSecond()) + (someFailed ? FAILED_TOO : ""));
                if (someFailed) {
                    row(out, "Succeeded samples per second", fixed(p.samplesPerSecond() * f.completed() / f.issued()));
                }
            }
            case SERVER -> {
                if (tokens) {
                    row(out, "Completed tokens per second", fixed(p.completedTokensPerSecond()));
                }
                row(
                        out,
                        "Completed samples per second",
                        fixed(p.completedSamplesPerSecond()) + (someFailed ? FAILED_TOO : ""));
                if (someFailed) {
                    row(
                            out,
                            "Succeeded samples per second",
                            fixed(p.completedSamplesPerSecond() * f.completed() / f.issued()));
                }
            }
            case SINGLE_STREAM, MULTI_STREAM -> {
                String pct = String.format(Locale.ROOT, "%.0f", p.settings().targetLatencyPercentile() * 100);
                long latency = p.settings().scenario() == io.llmharness.loadgen.Scenario.MULTI_STREAM
                        ? p.queries().target()
                        : p.samples().target();
                row(out, "p" + pct + " latency", ms(latency));
            }
        }
        if (tokens && p.settings().scenario() != io.llmharness.loadgen.Scenario.OFFLINE) {
            LatencyLimits limits = r.spec().benchmark().loadGen().limits();
            row(out, "TTFT p99", ms(p.firstToken().percentile(P99)) + limit(limits.ttftMs()));
            row(out, "TPOT p99", ms(p.timePerOutputToken().percentile(P99)) + limit(limits.tpotMs()));
        }
    }

    /** The failed validity checks, the way LoadGen's summary words them, on one line. */
    static String why(Validity v) {
        List<String> reasons = new ArrayList<>();
        if (!v.perfConstraintsMet()) {
            reasons.add("latency constraint not met (" + oneLine(v.perfConstraintsRecommendation()) + ")");
        }
        if (!v.minDurationMet()) {
            reasons.add("min duration not met (" + oneLine(v.minDurationRecommendation()) + ")");
        }
        if (!v.minQueriesMet()) {
            reasons.add("min queries not met (the test exited early)");
        }
        if (!v.earlyStoppingMet()) {
            // token mode tests TPOT first and TTFT only when TPOT passed: name the test that failed, and only it
            String text;
            if (v.earlyStoppingTpotText().isBlank()) {
                text = oneLine(v.earlyStoppingText());
            } else if (v.earlyStoppingTtftText().isBlank()) {
                text = "TPOT: " + oneLine(v.earlyStoppingTpotText());
            } else {
                text = "TTFT: " + oneLine(v.earlyStoppingTtftText());
            }
            reasons.add("early stopping not met (" + text + ")");
        }
        return String.join("; ", reasons);
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replaceAll("\\s+", " ").replace(" * ", " ").strip();
    }

    private static String limit(Integer ms) {
        return ms == null ? "" : " (limit " + ms + " ms)";
    }

    /** The failure up to its first detail ({@code (log: …)}, {@code ; last: …}); Main prints it whole. */
    private static String shortReason(String failure) {
        String s = failure == null ? "" : failure;
        int cut = s.length();
        for (String marker : new String[] {" (", "; "}) {
            int i = s.indexOf(marker);
            if (i > 0) {
                cut = Math.min(cut, i);
            }
        }
        return s.substring(0, cut);
    }

    private static void row(List<String> out, String label, String value) {
        out.add(String.format(Locale.ROOT, "  %-29s: %s", label, value));
    }

    private static String fixed(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
    }
}
