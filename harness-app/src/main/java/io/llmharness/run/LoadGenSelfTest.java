package io.llmharness.run;

import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.clock.VirtualClock;
import io.llmharness.loadgen.selftest.FixedLatencySut;
import io.llmharness.loadgen.selftest.FixedQsl;
import io.llmharness.loadgen.selftest.FixedSutTiming;
import io.llmharness.loadgen.selftest.IssuedSamplesLog;
import io.llmharness.loadgen.selftest.ScheduleLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code harness loadgen}'s run: one LoadGen test against the self-test kit's {@link FixedLatencySut} (no
 * server), with the kit's side files written next to the MLPerf logs. The counterpart of {@link LoadGenRun},
 * which drives servers through the HTTP client. See {@link SelfTestSettings} for how the settings are built.
 */
public final class LoadGenSelfTest {

    /**
     * What to run, as given on the command line.
     *
     * @param scenario scenario name, e.g. {@code Server}
     * @param mode test mode name, e.g. {@code PerformanceOnly}
     * @param totalSamples QSL total sample count
     * @param performanceSamples QSL performance sample count
     * @param sets {@code FIELD=VALUE} assignments, applied last, in order
     * @param userConf a user.conf, or null
     * @param model the mlperf.conf model key for the user.conf, or null
     * @param mlperfConf another round's mlperf.conf, or null for the embedded one
     * @param auditConfig audit config file name LoadGen looks for
     * @param sut the fixed-latency SUT's timing
     * @param outputDir directory for all files (created if missing)
     * @param trace write mlperf_log_trace.json
     * @param scheduleLog also write schedule_delay.tsv
     * @param virtualClock simulate time instead of waiting
     */
    public record Request(
            String scenario,
            String mode,
            long totalSamples,
            long performanceSamples,
            List<String> sets,
            Path userConf,
            String model,
            Path mlperfConf,
            String auditConfig,
            SutRequest sut,
            Path outputDir,
            boolean trace,
            boolean scheduleLog,
            boolean virtualClock) {

        public Request {
            sets = List.copyOf(sets);
        }
    }

    /**
     * The fixed-latency SUT's timing as given (µs).
     *
     * @param delayUs each sample completes at issue + this
     * @param serviceUs completions at least this far apart
     * @param firstTokenUs report the first token at issue + this; null = never
     * @param tokens {@code n_tokens} of each response
     * @param repeat response data repeats; null = {@code tokens}, at least 1
     */
    public record SutRequest(long delayUs, long serviceUs, Long firstTokenUs, long tokens, Integer repeat) {}

    /**
     * The result plus the schedule-delay summary.
     *
     * @param result LoadGen's result
     * @param scheduledQueries queries recorded by the schedule log (0 without it)
     * @param delayP50Ns schedule delay p50 in ns
     * @param delayP99Ns schedule delay p99 in ns
     * @param delayMaxNs largest schedule delay in ns
     */
    public record Outcome(TestResult result, int scheduledQueries, long delayP50Ns, long delayP99Ns, long delayMaxNs) {

        /** The lines {@code harness loadgen} prints: scenario, verdict and metric, schedule delay, counts, logs. */
        public List<String> lines() {
            return SelfTestLines.of(this);
        }
    }

    private LoadGenSelfTest() {}

    /**
     * Runs the test; blocks until it is over.
     *
     * @throws HarnessException usage or config for bad input (before anything runs), execution when the output
     *     directory cannot be created
     */
    public static Outcome run(Request request) {
        TestSettings settings = SelfTestSettings.resolve(request);
        createOutputDir(request.outputDir());
        Clock clock = request.virtualClock() ? new VirtualClock() : Clock.system();
        FixedSutTiming timing = SelfTestSettings.timing(request.sut());
        LogSettings logs =
                LogSettings.defaults().withOutdir(request.outputDir()).withEnableTrace(request.trace());
        return run(settings, request, timing, logs, clock);
    }

    private static Outcome run(TestSettings settings, Request r, FixedSutTiming timing, LogSettings logs, Clock clock) {
        LoadGen loadGen = new LoadGen(clock);
        ScheduleLog schedule = r.scheduleLog() ? new ScheduleLog() : null;
        boolean server = settings.scenario == Scenario.SERVER;
        try (IssuedSamplesLog issued = new IssuedSamplesLog(r.outputDir().resolve("issued_samples.tsv"), server);
                FixedQsl qsl = new FixedQsl(
                        r.totalSamples(), r.performanceSamples(), r.outputDir().resolve("qsl_load_calls.txt"))) {
            TestResult result;
            try (FixedLatencySut sut = new FixedLatencySut(clock, loadGen, timing, issued, schedule)) {
                result = loadGen.startTest(sut, qsl, settings, logs, r.auditConfig());
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

    private static void createOutputDir(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw HarnessException.execution("--output-dir " + dir + ": cannot create it: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw HarnessException.execution("--output-dir " + dir + ": " + e.getMessage(), e);
        }
    }
}
