package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import io.llmharness.loadgen.fixtures.VirtualSut;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sample LoadGen issues carries the time its own query was scheduled for ({@link IssuedQuery}), in every
 * scenario, in accuracy and performance runs, and in Server calls that coalesce several overdue queries.
 *
 * <p>Two independent oracles: the trace log, where LoadGen's recorder writes each sample's scheduled time from its
 * own bookkeeping; and LoadGen's latency figures, because the SUT completes every sample exactly {@link #LATENCY}
 * after the scheduled time it was handed, so every recorded latency is {@code LATENCY} only if that time was
 * LoadGen's. A sample that lost its time (the call's first time, or the issue time for a late query) breaks both.
 */
class ScheduledTimeTest {

    /** Longer than any lateness the stalling SUT causes, so no completion is due before it is scheduled. */
    private static final long LATENCY = 40_000_000;

    private static final Pattern TRACE_BEGIN =
            Pattern.compile("\\{\"name\":\"Sample\",\"cat\":\"default\",\"ph\":\"b\",\"pid\":\\d+,\"id\":(\\d+),"
                    + "\"ts\":(\\d+)\\.(\\d{3}),");

    @TempDir
    Path dir;

    @Test
    void singleStreamSamplesAreScheduledWhenIssued() {
        Run run = run(Scenario.SINGLE_STREAM, TestMode.SUBMISSION_RUN);
        run.settings.minQueryCount = 50;
        TimedSut sut = new TimedSut(run, 0, 0);
        TestResult r = run.start(sut, new RecordingQsl(40, 20));
        assertEveryScheduledTimeIsLoadGens(run, sut, r);
        assertThat(sut.calls).allSatisfy(c -> assertThat(c.scheduledNanos(0)).isEqualTo(c.issuedNanos()));
    }

    @Test
    void multiStreamSamplesShareTheirQuerysTime() {
        Run run = run(Scenario.MULTI_STREAM, TestMode.PERFORMANCE_ONLY);
        run.settings.minQueryCount = 30;
        TimedSut sut = new TimedSut(run, 0, 0);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        assertEveryScheduledTimeIsLoadGens(run, sut, r);
        assertThat(sut.calls).allSatisfy(c -> {
            assertThat(c.size()).isEqualTo(8);
            assertThat(c.queryCount()).isEqualTo(1);
            for (int i = 0; i < c.size(); i++) {
                assertThat(c.scheduledNanos(i)).isEqualTo(c.issuedNanos());
            }
        });
    }

    @Test
    void offlineSamplesAreScheduledAtTheRunStart() {
        Run run = run(Scenario.OFFLINE, TestMode.SUBMISSION_RUN);
        run.settings.offlineExpectedQps = 500;
        TimedSut sut = new TimedSut(run, 0, 0);
        TestResult r = run.start(sut, new RecordingQsl(300, 100));
        assertEveryScheduledTimeIsLoadGens(run, sut, r);
        assertThat(sut.calls).hasSizeGreaterThan(1); // the accuracy series, then the performance query
        assertThat(sut.calls).allSatisfy(c -> {
            for (int i = 0; i < c.size(); i++) {
                assertThat(c.scheduledNanos(i)).isEqualTo(c.runStartNanos());
            }
        });
    }

    @Test
    void lateServerQueriesKeepTheirPoissonTime() {
        Run run = run(Scenario.SERVER, TestMode.SUBMISSION_RUN);
        TimedSut sut = new TimedSut(run, 7, 6_000_000);
        TestResult r = run.start(sut, new RecordingQsl(300, 100));
        assertEveryScheduledTimeIsLoadGens(run, sut, r);
        assertThat(sut.calls).allSatisfy(c -> assertThat(c.queryCount()).isEqualTo(1));
        assertThat(sut.calls)
                .as("the stalls make queries late, so scheduled and issued times differ")
                .anySatisfy(c -> assertThat(c.scheduledNanos(0)).isLessThan(c.issuedNanos()));
    }

    @Test
    void coalescedServerSamplesEachCarryTheirOwnQuerysTime() {
        Run run = run(Scenario.SERVER, TestMode.SUBMISSION_RUN);
        run.settings.serverCoalesceQueries = true;
        TimedSut sut = new TimedSut(run, 7, 6_000_000);
        TestResult r = run.start(sut, new RecordingQsl(300, 100));
        assertEveryScheduledTimeIsLoadGens(run, sut, r);
        List<IssuedQuery> coalesced =
                sut.calls.stream().filter(c -> c.queryCount() > 1).toList();
        assertThat(coalesced).as("calls that coalesced overdue queries").isNotEmpty();
        assertThat(coalesced).allSatisfy(c -> {
            assertThat(c.size()).isEqualTo(c.queryCount()); // one sample per Server query
            for (int i = 1; i < c.size(); i++) {
                assertThat(c.scheduledNanos(i)).isGreaterThanOrEqualTo(c.scheduledNanos(i - 1));
                assertThat(c.scheduledNanos(i)).isEqualTo(c.queryScheduledNanos(i));
            }
            assertThat(c.scheduledNanos(c.size() - 1))
                    .as("a coalesced call spans several scheduled times")
                    .isGreaterThan(c.scheduledNanos(0));
        });
    }

    private Run run(Scenario scenario, TestMode mode) {
        Run run = new Run(dir);
        run.logSettings = run.logSettings.withEnableTrace(true);
        run.settings.scenario = scenario;
        run.settings.mode = mode;
        run.settings.serverTargetQps = 1000;
        run.settings.serverTargetLatencyNs = 1_000_000_000L;
        run.settings.minDurationMs = 200;
        run.settings.minQueryCount = 100;
        return run;
    }

    /**
     * Every issued sample's time (1) equals the scheduled time the trace log holds for it and (2) makes LoadGen
     * record exactly {@link #LATENCY} for it; each sample was issued once, at or after its scheduled time.
     */
    private static void assertEveryScheduledTimeIsLoadGens(Run run, TimedSut sut, TestResult r) {
        assertThat(run.errors()).isEmpty();
        Map<Long, Long> traced = tracedScheduledTimes(run.trace());
        assertThat(sut.scheduledById).hasSize(sut.issuedSamples);
        assertThat(sut.scheduledById).isEqualTo(traced);
        for (IssuedQuery c : sut.calls) {
            for (int i = 0; i < c.size(); i++) {
                assertThat(c.scheduledNanos(i)).isBetween(c.runStartNanos(), c.issuedNanos());
            }
        }
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.samples().min()).isEqualTo(LATENCY);
        assertThat(p.samples().max()).isEqualTo(LATENCY);
    }

    /** Sample id → scheduled time (ns) from the trace's async-begin events; the virtual clock, and so the trace's
     * origin, starts at 0. */
    private static Map<Long, Long> tracedScheduledTimes(String trace) {
        Map<Long, Long> out = new HashMap<>();
        Matcher m = TRACE_BEGIN.matcher(trace);
        while (m.find()) {
            Long previous = out.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(2) + m.group(3)));
            assertThat(previous).as("sample %s traced twice", m.group(1)).isNull();
        }
        assertThat(out).isNotEmpty();
        return out;
    }

    /**
     * Completes every sample {@link #LATENCY} after the scheduled time it was handed; every {@code stallEvery}-th
     * call (0 = never) holds the issue thread for {@code stallNs} of virtual time, so the following Server queries
     * are issued late.
     */
    private static final class TimedSut implements SystemUnderTest {
        private final Run run;
        private final int stallEvery;
        private final long stallNs;
        final List<IssuedQuery> calls = new ArrayList<>();
        final Map<Long, Long> scheduledById = new HashMap<>();
        int issuedSamples;

        TimedSut(Run run, int stallEvery, long stallNs) {
            this.run = run;
            this.stallEvery = stallEvery;
            this.stallNs = stallNs;
        }

        @Override
        public String name() {
            return "TimedSUT";
        }

        @Override
        public void issueQuery(IssuedQuery query) {
            assertThat(query.issuedNanos()).isEqualTo(run.clock.nanoTime());
            calls.add(query);
            for (int i = 0; i < query.size(); i++) {
                QuerySample s = query.samples().get(i);
                long scheduled = query.scheduledNanos(i);
                scheduledById.put(s.id(), scheduled);
                issuedSamples++;
                QuerySampleResponse done = new QuerySampleResponse(s.id(), VirtualSut.data(s.index()));
                run.clock.schedule(scheduled + LATENCY, () -> run.loadGen.querySamplesComplete(done));
            }
            if (stallEvery > 0 && calls.size() % stallEvery == 0) {
                run.clock.advance(stallNs);
            }
        }

        @Override
        public void flushQueries() {}
    }
}
