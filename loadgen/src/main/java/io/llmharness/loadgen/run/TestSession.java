package io.llmharness.loadgen.run;

import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.PeakProbeListener;
import io.llmharness.loadgen.QuerySampleLibrary;
import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.config.ConfigContext;
import io.llmharness.loadgen.config.ConfigDiagnostic;
import io.llmharness.loadgen.log.AccuracyLog;
import io.llmharness.loadgen.log.DetailLog;
import io.llmharness.loadgen.log.LogOutputs;
import io.llmharness.loadgen.log.SettingsReport;
import io.llmharness.loadgen.log.SummaryLog;
import io.llmharness.loadgen.log.TraceLog;
import io.llmharness.loadgen.log.VersionInfo;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.schedule.EffectiveSettings;
import io.llmharness.loadgen.schedule.QueryGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One {@code StartTest}: opens the logs, logs version, SUT/QSL and settings, applies audit.config and test05,
 * runs the mode (accuracy, performance, both, or the peak search) and writes the footers. Completions from the
 * SUT are routed to the run currently issuing.
 */
public final class TestSession {

    private final Clock clock;
    private final SystemUnderTest sut;
    private final QuerySampleLibrary qsl;
    private final TestSettings requested;
    private final LogSettings logSettings;
    private final String auditConfig;
    private final IssueThreads threads;
    private final QueryGenerator.Sequence sequence = new QueryGenerator.Sequence();
    private volatile boolean aborted;
    private volatile RunRecorder active;
    private volatile DetailLog detail;
    private PeakProbeListener peakProbes = PeakProbeListener.NONE;

    /** Prepares a session; nothing happens until {@link #run()}. */
    public TestSession(
            Clock clock,
            SystemUnderTest sut,
            QuerySampleLibrary qsl,
            TestSettings requested,
            LogSettings logSettings,
            String auditConfig,
            IssueThreads threads) {
        this.clock = clock;
        this.sut = sut;
        this.qsl = qsl;
        this.requested = requested.copy();
        this.logSettings = logSettings;
        this.auditConfig = auditConfig;
        this.threads = threads;
    }

    /** Who hears about each run of a FindPeakPerformance search; call before {@link #run()}. */
    public void peakProbes(PeakProbeListener listener) {
        peakProbes = listener;
    }

    PeakProbeListener peakProbes() {
        return peakProbes;
    }

    /** Runs the whole test and returns its result. */
    public TestResult run() {
        long origin = clock.nanoTime();
        String dateTime = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
                .format(Instant.ofEpochSecond(0, clock.epochNanos()).atZone(clock.zone()));
        try (LogOutputs outputs = new LogOutputs(
                logSettings.outdir(),
                logSettings.prefix(),
                logSettings.suffix(),
                logSettings.prefixWithDatetime(),
                dateTime)) {
            DetailLog d = new DetailLog(
                    outputs.detail(), logSettings.copyDetailToStdout() ? System.out : null, clock, origin);
            SummaryLog summary =
                    new SummaryLog(outputs.summary(), logSettings.copySummaryToStdout() ? System.out : null);
            AccuracyLog accuracy = new AccuracyLog(outputs.accuracy());
            TraceLog trace =
                    new TraceLog(logSettings.enableTrace() ? outputs.trace() : null, origin, clock.epochNanos());
            detail = d;
            Runs runs = new Runs(this, d, summary, accuracy, trace);
            Optional<PerformanceSummary> reported;
            EffectiveSettings effective;
            String sutName;
            try {
                for (ConfigDiagnostic c : requested.configDiagnostics()) {
                    d.error(c.key(), c.message());
                }
                long t0 = clock.nanoTime();
                sutName = sut.name();
                long nameDuration = clock.nanoTime() - t0;
                VersionInfo.log(d, clock.zone());
                d.string("test_datetime", dateTime);
                d.string("sut_name", sutName);
                d.integer("get_sut_name_duration_ns", nameDuration);
                d.string("qsl_name", qsl.name());
                d.unsigned("qsl_reported_total_count", qsl.totalSampleCount());
                d.unsigned("qsl_reported_performance_count", qsl.performanceSampleCount());
                threads.attach(d);
                TestSettings audited = audited(d);
                effective = EffectiveSettings.of(
                        audited,
                        qsl.performanceSampleCount(),
                        qsl.totalSampleCount(),
                        m -> d.error("error_invalid_test_settings", m));
                SettingsReport.logRequested(d, audited);
                SettingsReport.logEffective(d, effective);
                reported = runs.runMode(effective, sutName);
            } finally {
                threads.end();
                active = null;
            }
            summary.footer(d.warningCount(), d.errorCount());
            accuracy.finish();
            trace.finish();
            d.finish();
            return new TestResult(
                    effective.scenario(),
                    effective.mode(),
                    sutName,
                    reported,
                    d.warningCount(),
                    d.errorCount(),
                    accuracy.entries(),
                    aborted,
                    new TestResult.LogFiles(
                            outputs.summaryPath(), outputs.detailPath(), outputs.accuracyPath(), outputs.tracePath()));
        }
    }

    /** The requested settings after audit.config and test05. */
    private TestSettings audited(DetailLog d) {
        TestSettings s = requested.copy();
        s.clearConfigDiagnostics();
        Path audit = Path.of(auditConfig);
        if (Files.isRegularFile(audit)) {
            d.warning("Found Audit Config file (audit.config). Overriding TestSettings from audit.config file.");
            // conf_type 2 neither counts as a user.conf nor reads mlperf.conf: a fresh context is exact
            s.fromConfig(new ConfigContext(), audit, "*", s.scenario.specName().replace(" ", ""), 2);
            for (ConfigDiagnostic c : s.configDiagnostics()) {
                d.error(c.key(), c.message());
            }
            s.clearConfigDiagnostics();
        }
        if (s.test05) {
            d.warning("Test05 flag detected Overriding random seeds");
            s.mode = TestMode.PERFORMANCE_ONLY;
            s.qslRngSeed = requested.test05QslRngSeed;
            s.sampleIndexRngSeed = requested.test05SampleIndexRngSeed;
            s.scheduleRngSeed = requested.test05ScheduleRngSeed;
        }
        return s;
    }

    /** Stops issuing and waiting; the test then finishes its logs with what was measured. */
    public void abort() {
        aborted = true;
        RunRecorder r = active;
        if (r != null) {
            r.wakeup().wake();
        }
    }

    boolean aborted() {
        return aborted;
    }

    Clock clock() {
        return clock;
    }

    SystemUnderTest sut() {
        return sut;
    }

    QuerySampleLibrary qsl() {
        return qsl;
    }

    IssueThreads threads() {
        return threads;
    }

    QueryGenerator.Sequence sequence() {
        return sequence;
    }

    void setActive(RunRecorder r) {
        active = r;
    }

    /**
     * Routes a completion batch to the issuing run.
     *
     * @param dataProvider fetches the data of responses that are logged, or null when the data is present
     */
    public void complete(
            List<QuerySampleResponse> responses, long now, UnaryOperator<QuerySampleResponse> dataProvider) {
        RunRecorder r = active;
        if (r != null) {
            r.complete(responses, now, dataProvider);
        } else {
            orphans(responses);
        }
    }

    /** Routes a first-token batch to the issuing run. */
    public void firstToken(List<QuerySampleResponse> responses, long now) {
        RunRecorder r = active;
        if (r != null) {
            r.firstToken(responses, now);
        } else {
            orphans(responses);
        }
    }

    private void orphans(List<QuerySampleResponse> responses) {
        DetailLog d = detail;
        if (d == null) {
            return;
        }
        for (QuerySampleResponse resp : responses) {
            d.error(
                    "error_runtime",
                    "Received completion for an old sample. Min expected id: "
                            + Long.toUnsignedString(sequence.nextSampleId()) + " Actual id: "
                            + Long.toUnsignedString(resp.id()));
        }
    }
}
