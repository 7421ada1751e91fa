package io.llmharness.run;

import io.llmharness.accuracy.AccuracyLogReader;
import io.llmharness.accuracy.Dtype;
import io.llmharness.accuracy.LogEntry;
import io.llmharness.accuracy.compliance.ComplianceFiles;
import io.llmharness.accuracy.compliance.Test07Result;
import io.llmharness.accuracy.compliance.Test09Result;
import io.llmharness.accuracy.compliance.Test09Verifier;
import io.llmharness.accuracy.scoring.AccuracyReport;
import io.llmharness.accuracy.scoring.AccuracyRequest;
import io.llmharness.accuracy.scoring.AccuracyScoring;
import io.llmharness.benchmark.RunMode;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.log.RunLogFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Verifies a compliance run right after it: TEST06 ({@link Test06AfterRun}); TEST07, whose logged responses are
 * scored with the gpt-oss evaluator as {@code harness accuracy} does and gated at 60.698
 * ({@code TEST07/verify_accuracy.txt}); TEST09, whose mean output length must lie within 1150.38 to 1406.02 tokens
 * ({@code TEST09/verify_output_len.txt}). TEST07 and TEST09 copy the run's logs into {@code accuracy/} and
 * {@code performance/run_1/} beside the verification, as the official scripts do.
 */
public final class ComplianceAfterRun {

    private static final Logger LOG = LoggerFactory.getLogger(ComplianceAfterRun.class);

    private ComplianceAfterRun() {}

    /** Whether the run is a compliance run. */
    public static boolean applies(RunResult r) {
        return r.spec().benchmark().mode().compliance();
    }

    /**
     * Verifies the run's log (when the run was not interrupted or aborted).
     *
     * @return whether verification passed, or null when it did not run
     */
    public static Boolean verify(RunResult r, RunConsole console, Map<String, String> env) {
        RunMode mode = r.spec().benchmark().mode();
        if (mode == RunMode.TEST06) {
            return Test06AfterRun.verify(r, console);
        }
        if (!applies(r) || r.interrupted() || r.failure() != null) {
            return null;
        }
        List<LogEntry> entries;
        try {
            entries = AccuracyLogReader.read(RunLogFolder.find(r.runDir(), AccuracyLogReader.FILE));
        } catch (HarnessException e) {
            console.result(mode.cliName() + ": not verified: " + e.getMessage());
            return false;
        }
        return mode == RunMode.TEST07 ? test07(r, console, env, entries) : test09(r, console, entries);
    }

    private static boolean test09(RunResult r, RunConsole console, List<LogEntry> entries) {
        Test09Result result = Test09Verifier.verify(entries);
        Path file = ComplianceFiles.write(
                r.runDir(), "TEST09", Test09Result.FILE, String.join("\n", result.lines()) + "\n");
        console.result("TEST09 (" + entries.size() + " logged responses): " + result.summary());
        console.result("  Files: " + file);
        LOG.info("TEST09 of {}: {}", r.spec().runId(), result.summary());
        return result.passed();
    }

    private static boolean test07(RunResult r, RunConsole console, Map<String, String> env, List<LogEntry> entries) {
        Path verify = r.runDir().resolve("TEST07").resolve(Test07Result.FILE);
        AccuracyReport report;
        try {
            Files.createDirectories(verify.getParent());
            report = AccuracyScoring.score(
                    new AccuracyRequest(r.runDir(), null, null, null, Dtype.INT32, null, verify, env),
                    line -> console.note("harness: " + line));
        } catch (HarnessException | IOException e) {
            console.result("TEST07: not verified: " + e.getMessage());
            console.result("  verify it later with: harness accuracy " + r.runDir() + " (then rerun TEST07)");
            return false;
        }
        Test07Result result = Test07Result.of(report.result().lines());
        Path file = ComplianceFiles.write(
                r.runDir(), "TEST07", Test07Result.FILE, String.join("\n", result.lines()) + "\n");
        console.result("TEST07 (" + entries.size() + " logged responses): " + result.summary());
        console.result("  Files: " + file);
        LOG.info("TEST07 of {}: {}", r.spec().runId(), result.summary());
        return result.passed();
    }
}
