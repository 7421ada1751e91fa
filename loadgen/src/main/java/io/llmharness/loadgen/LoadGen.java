package io.llmharness.loadgen;

import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.run.IssueThreads;
import io.llmharness.loadgen.run.TestSession;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

/**
 * MLPerf LoadGen: runs a test against a {@link SystemUnderTest} and writes the MLPerf log files.
 *
 * <p>{@link #startTest} blocks until the test is over. The SUT reports back through this object (a
 * {@link ResponseSink}): both completion methods are thread-safe, may be called from any thread (also from
 * inside {@code issueQuery}), take one timestamp at entry for the whole batch and never block on I/O for long.
 * One test runs at a time per instance.
 *
 * <p>Time comes from the injected {@link Clock}: {@code new LoadGen()} uses the real clock; tests pass a
 * {@link io.llmharness.loadgen.clock.VirtualClock}.
 */
public final class LoadGen implements ResponseSink {

    /** The audit config file LoadGen looks for in the working directory by default. */
    public static final String DEFAULT_AUDIT_CONFIG = "audit.config";

    private final Clock clock;
    private final IssueThreads threads = new IssueThreads();
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile TestSession session;
    private volatile boolean abortRequested;
    private volatile PeakProbeListener peakProbes = PeakProbeListener.NONE;

    /** A LoadGen on the real clock. */
    public LoadGen() {
        this(Clock.system());
    }

    /** A LoadGen on the given clock. */
    public LoadGen(Clock clock) {
        this.clock = clock;
    }

    /** Runs a test, applying {@code audit.config} from the working directory if present. */
    public TestResult startTest(
            SystemUnderTest sut, QuerySampleLibrary qsl, TestSettings settings, LogSettings logSettings) {
        return startTest(sut, qsl, settings, logSettings, DEFAULT_AUDIT_CONFIG);
    }

    /**
     * Runs a test and blocks until it is over.
     *
     * @param settings requested settings (copied; config errors recorded in them are logged first)
     * @param auditConfigFilename audit config applied if that file exists (relative to the working directory)
     * @return the result; an INVALID performance run is a result, not an exception
     * @throws java.io.UncheckedIOException when the log files cannot be opened or written
     * @throws IllegalStateException when a test is already running on this instance
     */
    public TestResult startTest(
            SystemUnderTest sut,
            QuerySampleLibrary qsl,
            TestSettings settings,
            LogSettings logSettings,
            String auditConfigFilename) {
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException("a test is already running on this LoadGen");
        }
        try {
            TestSession s = new TestSession(clock, sut, qsl, settings, logSettings, auditConfigFilename, threads);
            s.peakProbes(peakProbes);
            session = s;
            if (abortRequested) {
                s.abort();
            }
            return s.run();
        } finally {
            session = null;
            running.set(false);
        }
    }

    /** Completions arriving after the test ended are dropped: there is no log left to write them to. */
    @Override
    public void querySamplesComplete(List<QuerySampleResponse> responses) {
        long now = clock.nanoTime();
        TestSession s = session;
        if (s != null) {
            s.complete(responses, now, null);
        }
    }

    @Override
    public void querySamplesComplete(
            List<QuerySampleResponse> responses, UnaryOperator<QuerySampleResponse> dataProvider) {
        long now = clock.nanoTime();
        TestSession s = session;
        if (s != null) {
            s.complete(responses, now, dataProvider);
        }
    }

    @Override
    public void firstTokenComplete(List<QuerySampleResponse> responses) {
        long now = clock.nanoTime();
        TestSession s = session;
        if (s != null) {
            s.firstToken(responses, now);
        }
    }

    /**
     * Reports every run of a FindPeakPerformance search to {@code listener} (from the next {@link #startTest} on);
     * other modes never call it.
     */
    public void onPeakProbe(PeakProbeListener listener) {
        peakProbes = listener == null ? PeakProbeListener.NONE : listener;
    }

    /**
     * Ends the running test early: issuing stops, waiting stops, the logs are finished with what was measured. An
     * abort that comes before {@link #startTest} is kept: every later test on this instance ends at once, so an
     * interrupt that races the start of a test is never lost.
     */
    public void abortTest() {
        abortRequested = true;
        TestSession s = session;
        if (s != null) {
            s.abort();
        }
    }

    /**
     * Makes the calling SUT thread an issue thread (Server with {@code server_num_issue_query_threads} > 0): it
     * blocks here, issuing every k-th query of each run, until the test ends.
     */
    public void registerIssueQueryThread() {
        threads.register();
    }
}
