package io.llmharness.run;

import io.llmharness.accuracy.AccuracyLogReader;
import io.llmharness.accuracy.Dtype;
import io.llmharness.accuracy.LogEntry;
import io.llmharness.accuracy.test06.Test06Result;
import io.llmharness.accuracy.test06.Test06Verifier;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.log.RunLogFolder;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Verifies a TEST06 run right after it, as the official {@code run_verification.py} does with the benchmark's EOS id
 * and int32 ids: {@code TEST06/verify_accuracy.txt} in the run directory, with a copy of the log beside it.
 */
public final class Test06AfterRun {

    private static final Logger LOG = LoggerFactory.getLogger(Test06AfterRun.class);

    private Test06AfterRun() {}

    /** Whether the run is a TEST06 run. */
    public static boolean applies(RunResult r) {
        return r.spec().benchmark().mode() == RunMode.TEST06;
    }

    /**
     * Verifies the run's log (when the run was not interrupted or aborted).
     *
     * @return whether verification passed, or null when it did not run
     */
    public static Boolean verify(RunResult r, RunConsole console) {
        if (!applies(r) || r.interrupted() || r.failure() != null) {
            return null;
        }
        Path log = RunLogFolder.find(r.runDir(), AccuracyLogReader.FILE);
        List<LogEntry> entries;
        try {
            entries = AccuracyLogReader.read(log);
        } catch (HarnessException e) {
            console.result("TEST06: not verified: " + e.getMessage());
            return false;
        }
        long eos = r.spec().benchmark().spec().eosTokenIds().get(0);
        boolean offline = r.spec().benchmark().loadGen().scenario() == RunScenario.OFFLINE;
        Test06Result result = Test06Verifier.verify(entries, offline, eos, Dtype.INT32);
        Path file = result.write(r.runDir(), log);
        console.result("TEST06 (" + entries.size() + " logged responses, EOS id " + eos + "):");
        result.lines().forEach(l -> console.result("  " + l));
        result.problems().forEach(p -> console.result("  " + p));
        console.result("  Files: " + file);
        LOG.info("TEST06 of {}: {}", r.spec().runId(), result.passed() ? "complete" : "failed");
        return result.passed();
    }
}
