package io.llmharness.run;

import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.selftest.FixedLatencySut;
import io.llmharness.loadgen.selftest.FixedQsl;
import io.llmharness.loadgen.selftest.FixedSutTiming;
import io.llmharness.loadgen.selftest.IssuedSamplesLog;
import io.llmharness.loadgen.selftest.ScheduleLog;
import java.nio.file.Path;

/**
 * {@code harness loadgen}'s run: one LoadGen test against the self-test kit's {@link FixedLatencySut} (no
 * server), with the kit's side files written next to the MLPerf logs. The counterpart of {@link LoadGenRun},
 * which drives a real server through the HTTP client.
 */
public final class LoadGenSelfTest {

    /**
     * What to run.
     *
     * @param settings the test settings (already resolved from defaults, user.conf and --set)
     * @param totalSamples QSL total sample count
     * @param performanceSamples QSL performance sample count
     * @param sut SUT timing
     * @param outputDir directory for all files (created by the caller)
     * @param logSettings LoadGen log settings
     * @param auditConfig audit config file name LoadGen looks for
     * @param clock real or virtual clock
     * @param scheduleLog also write schedule_delay.tsv
     */
    public record Request(
            TestSettings settings,
            long totalSamples,
            long performanceSamples,
            FixedSutTiming sut,
            Path outputDir,
            LogSettings logSettings,
            String auditConfig,
            Clock clock,
            boolean scheduleLog) {}

    /**
     * The result plus the schedule-delay summary.
     *
     * @param result LoadGen's result
     * @param scheduledQueries queries recorded by the schedule log (0 without it)
     * @param delayP50Ns schedule delay p50 in ns
     * @param delayP99Ns schedule delay p99 in ns
     * @param delayMaxNs largest schedule delay in ns
     */
    public record Outcome(TestResult result, int scheduledQueries, long delayP50Ns, long delayP99Ns, long delayMaxNs) {}

    private LoadGenSelfTest() {}

    /** Runs the test; blocks until it is over. */
    public static Outcome run(Request r) {
        LoadGen loadGen = new LoadGen(r.clock());
        ScheduleLog schedule = r.scheduleLog() ? new ScheduleLog() : null;
        boolean server = r.settings().scenario == Scenario.SERVER;
        try (IssuedSamplesLog issued = new IssuedSamplesLog(r.outputDir().resolve("issued_samples.tsv"), server);
                FixedQsl qsl = new FixedQsl(
                        r.totalSamples(), r.performanceSamples(), r.outputDir().resolve("qsl_load_calls.txt"))) {
            TestResult result;
            try (FixedLatencySut sut = new FixedLatencySut(r.clock(), loadGen, r.sut(), issued, schedule)) {
                result = loadGen.startTest(sut, qsl, r.settings(), r.logSettings(), r.auditConfig());
            }
            if (schedule == null) {
                return new Outcome(result, 0, 0, 0, 0);
            }
            schedule.write(r.outputDir().resolve("schedule_delay.tsv"));
            return new Outcome(
                    result,
                    schedule.count(),
                    schedule.percentile(0.5),
                    schedule.percentile(0.99),
                    schedule.percentile(1.0));
        }
    }
}
