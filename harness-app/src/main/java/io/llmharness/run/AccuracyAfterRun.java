package io.llmharness.run;

import io.llmharness.accuracy.Verdict;
import io.llmharness.accuracy.scoring.AccuracyReport;
import io.llmharness.accuracy.scoring.AccuracyRequest;
import io.llmharness.accuracy.scoring.AccuracyScoring;
import io.llmharness.error.HarnessException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scores an accuracy-mode run right after it, as {@code harness accuracy RUN_DIR} would, and prints the verdict.
 * When something needed is missing (no tokenizer found, a bad dataset cell) the run stays done: one line says what is
 * missing and how to score it later.
 */
public final class AccuracyAfterRun {

    private static final Logger LOG = LoggerFactory.getLogger(AccuracyAfterRun.class);

    private AccuracyAfterRun() {}

    /**
     * Scores the run when it is a finished accuracy run with logged responses.
     *
     * @return the verdict, or null when the run was not scored
     */
    public static Verdict.Status score(RunResult r, RunConsole console, Map<String, String> env) {
        if (r.outcome() != RunResult.Outcome.ACCURACY_DONE || r.loadgen().accuracyLogEntries() == 0) {
            return null;
        }
        try {
            AccuracyReport report = AccuracyScoring.score(
                    AccuracyRequest.of(r.runDir(), env), line -> console.note("harness: " + line));
            report.lines().forEach(console::result);
            LOG.info("accuracy of {}: {}", r.spec().runId(), report.status());
            return report.status();
        } catch (HarnessException e) {
            LOG.info("accuracy not scored: {}", e.getMessage());
            console.result("accuracy: not scored: " + e.getMessage());
            console.result("  score it later with: harness accuracy " + r.runDir());
            return null;
        }
    }
}
