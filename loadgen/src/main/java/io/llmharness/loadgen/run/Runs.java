package io.llmharness.loadgen.run;

import io.llmharness.loadgen.PeakProbeListener;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.log.AccuracyLog;
import io.llmharness.loadgen.log.DetailLog;
import io.llmharness.loadgen.log.DetailReport;
import io.llmharness.loadgen.log.SummaryLog;
import io.llmharness.loadgen.log.SummaryReport;
import io.llmharness.loadgen.log.TraceLog;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.results.RunRecord;
import io.llmharness.loadgen.schedule.EffectiveSettings;
import io.llmharness.loadgen.schedule.LoadableSet;
import io.llmharness.loadgen.schedule.LoadableSets;
import io.llmharness.loadgen.schedule.QueryGenerator;
import io.llmharness.loadgen.schedule.QueryPlan;
import java.util.List;
import java.util.Optional;

/**
 * The run types of a test: accuracy series (one per loadable set), the performance run, and the
 * FindPeakPerformance search, each issuing through {@link #issueQueries}.
 */
final class Runs {

    private final TestSession session;
    private final DetailLog detail;
    private final SummaryLog summary;
    private final AccuracyLog accuracy;
    private final TraceLog trace;

    Runs(TestSession session, DetailLog detail, SummaryLog summary, AccuracyLog accuracy, TraceLog trace) {
        this.session = session;
        this.detail = detail;
        this.summary = summary;
        this.accuracy = accuracy;
        this.trace = trace;
    }

    /** Runs what the mode asks for; returns the reported performance summary, if any. */
    Optional<PerformanceSummary> runMode(EffectiveSettings s, String sutName) {
        return switch (s.mode()) {
            case SUBMISSION_RUN -> {
                accuracy(s);
                yield Optional.of(performance(s, sutName));
            }
            case ACCURACY_ONLY -> {
                accuracy(s);
                yield Optional.empty();
            }
            case PERFORMANCE_ONLY -> Optional.of(performance(s, sutName));
            case FIND_PEAK_PERFORMANCE -> new PeakSearch(this, detail).run(s, sutName);
        };
    }

    void accuracy(EffectiveSettings s) {
        detail.string("generic_message", "Starting accuracy mode");
        for (LoadableSet set : LoadableSets.generate(s, session.qsl().totalSampleCount(), s.accuracySampleCount())) {
            if (session.aborted()) {
                return;
            }
            load(set);
            issueQueries(s, set, true);
            session.qsl().unloadSamplesFromRam(set.asLongs());
        }
    }

    PerformanceSummary performance(EffectiveSettings s, String sutName) {
        detail.string("generic_message", "Starting performance mode");
        LoadableSet set = performanceSet(s);
        load(set);
        ClockPair begin = ClockPair.sample(session.clock());
        if (s.printTimestamps()) {
            System.out.println(
                    "Loadgen :: Perf mode start. system_clock Timestamp = " + begin.epochNanos() / 1_000_000_000L);
        }
        RunRecord record = issueQueries(s, set, false);
        ClockPair end = ClockPair.sample(session.clock());
        ClockPair.check(begin, end, s.printTimestamps(), detail);
        PerformanceSummary ps = report(sutName, record);
        session.qsl().unloadSamplesFromRam(set.asLongs());
        return ps;
    }

    PerformanceSummary report(String sutName, RunRecord record) {
        PerformanceSummary ps = PerformanceSummary.of(sutName, record);
        write(ps);
        return ps;
    }

    void write(PerformanceSummary ps) {
        SummaryReport.write(summary, ps);
        DetailReport.write(detail, ps);
    }

    /** Who hears about each run of a peak search. */
    PeakProbeListener peakProbes() {
        return session.peakProbes();
    }

    /** The test was aborted: a peak search stops probing. */
    boolean aborted() {
        return session.aborted();
    }

    LoadableSet performanceSet(EffectiveSettings s) {
        List<LoadableSet> sets = LoadableSets.generate(s, session.qsl().totalSampleCount(), s.performanceSampleCount());
        return sets.get(0);
    }

    void load(LoadableSet set) {
        detail.indexList("loaded_qsl_set", set.samples());
        session.qsl().loadSamplesToRam(set.asLongs());
    }

    void unload(LoadableSet set) {
        session.qsl().unloadSamplesFromRam(set.asLongs());
    }

    /** Generates, issues and collects one series; returns its measurements. */
    RunRecord issueQueries(EffectiveSettings s, LoadableSet set, boolean accuracyMode) {
        double probability = s.accuracyLogProbabilityForRun();
        QueryPlan plan = QueryGenerator.generate(s, set, accuracyMode, probability, session.sequence());
        detail.unsigned("generated_query_count", plan.queryCount());
        detail.unsigned("generated_samples_per_query", plan.samplesPerQuery());
        detail.integer("generated_query_duration", plan.generatedDuration());
        RunRecorder recorder = new RunRecorder(
                plan, s.scenario(), s.useTokenLatencies(), session.clock().nanoTime(), detail, accuracy, trace);
        IssueLoop loop = new IssueLoop(
                session.clock(), session.sut(), plan, recorder, s, accuracyMode, detail, session::aborted);
        int threads = session.threads().awaitRegistered((int) s.requested().serverNumIssueQueryThreads, detail);
        session.setActive(recorder);
        long startEpoch = session.clock().epochNanos();
        long start = session.clock().nanoTime();
        recorder.start(start);
        IssueLoop.Progress progress = s.scenario() == Scenario.SERVER && threads > 0
                ? merge(session.threads().issue(threads, idx -> loop.run(threads, idx, start)))
                : loop.run(1, 0, start);
        session.sut().flushQueries();
        if (!accuracyMode && progress.ranOut()) {
            detail.error(
                    "error_runtime",
                    "Ending early: Ran out of generated queries to issue before the minimum query count and"
                            + " test duration were reached. Please update the relevant expected latency or target qps in the TestSettings"
                            + " so they are more accurate.");
        }
        session.clock().await(() -> recorder.allIssuedDone() || session.aborted(), recorder.wakeup());
        int msQueries = s.scenario() == Scenario.MULTI_STREAM ? (int) progress.queriesIssued() : 0;
        RunRecorder.Collected c = recorder.collect(progress.lastQuery(), progress.lastScheduledOffset(), msQueries);
        logLoggerCounters();
        PowerTimes.log(detail, startEpoch, c.maxCompletionNanos() - start);
        return new RunRecord(
                s,
                progress.queriesIssued(),
                c.sampleCount(),
                c.latencies(),
                c.queryLatencies(),
                c.maxLatencyNs(),
                progress.lastScheduledDelta() / 1e9,
                progress.lastIssuedOffset() / 1e9,
                c.lastQueryDoneOffset() / 1e9,
                c.firstToken(),
                c.timePerOutputToken(),
                c.tokens());
    }

    private static IssueLoop.Progress merge(IssueLoop.Progress[] parts) {
        long issued = 0;
        boolean ranOut = false;
        IssueLoop.Progress last = null;
        for (IssueLoop.Progress p : parts) {
            issued += p.queriesIssued();
            ranOut |= p.ranOut();
            if (last == null || p.lastQuery() > last.lastQuery()) {
                last = p;
            }
        }
        return new IssueLoop.Progress(
                issued,
                ranOut,
                last.lastQuery(),
                last.lastScheduledDelta(),
                last.lastScheduledOffset(),
                last.lastIssuedOffset());
    }

    private void logLoggerCounters() {
        detail.unsigned("logger_swap_request_slots_retry_count", 0);
        detail.unsigned("logger_swap_request_slots_retry_retry_count", 0);
        detail.unsigned("logger_swap_request_slots_retry_reencounter_count", 0);
        detail.unsigned("logger_start_reading_entries_retry_count", 0);
        detail.unsigned("logger_tls_total_log_cas_fail_count", 0);
        detail.unsigned("logger_tls_total_swap_buffers_slot_retry_count", 0);
    }
}
