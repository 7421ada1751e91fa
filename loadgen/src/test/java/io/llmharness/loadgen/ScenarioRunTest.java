package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import io.llmharness.loadgen.fixtures.VirtualSut;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every scenario's performance run on the virtual clock: timing semantics, metrics and verdicts. */
class ScenarioRunTest {

    @TempDir
    Path dir;

    @Test
    void serverLatencyCountsFromTheScheduledTime() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 100;
        run.settings.minDurationMs = 10_000;
        VirtualSut sut = run.sut(5_000_000);
        TestResult r = run.start(sut, new RecordingQsl(100, 50));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.VALID);
        assertThat(p.samples().min()).isEqualTo(5_000_000);
        assertThat(p.samples().max()).isEqualTo(5_000_000);
        assertThat(p.queriesIssued()).isEqualTo(Long.parseLong(run.value("generated_query_count")));
        assertThat(p.finalQueryScheduledTime()).isGreaterThanOrEqualTo(10.0);
        assertThat(p.finalQueryAllSamplesDoneTime())
                .isEqualTo(p.finalQueryScheduledTime() + 0.005, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(run.value("result_completed_samples_per_sec"))
                .isEqualTo(io.llmharness.loadgen.log.CFormat.g(p.completedSamplesPerSecond()));
        assertThat(sut.flushes()).isEqualTo(1);
        assertThat(run.errors()).isEmpty();
        assertThat(r.errorCount()).isZero();
    }

    @Test
    void serverQueueingShowsUpAsLatency() {
        // One worker that needs 20 ms per sample at 100 QPS falls behind; latency counts from the schedule.
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 100;
        run.settings.minDurationMs = 1_000;
        run.settings.minQueryCount = 10;
        QueueingSut sut = new QueueingSut(run, 20_000_000);
        TestResult r = run.start(sut, new RecordingQsl(100, 50));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.samples().max()).isGreaterThan(p.queriesIssued() * 20_000_000L / 3);
        assertThat(p.validity().perfConstraintsMet()).isFalse();
        assertThat(p.validity().perfConstraintsRecommendation()).isEqualTo("Reduce target QPS to improve latency.");
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.INVALID);
        assertThat(run.summary()).contains("Recommendations:\n * Reduce target QPS to improve latency.\n");
    }

    @Test
    void singleStreamIssuesAfterEachCompletion() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.minDurationMs = 1000;
        run.settings.minQueryCount = 700;
        run.settings.singleStreamExpectedLatencyNs = 1_000_000;
        VirtualSut sut = run.sut(1_000_000);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.queriesIssued())
                .isEqualTo(1001); // ends once 700 queries and 1 s are reached (issue at t = 1.000 s)
        assertThat(p.samples().target()).isEqualTo(1_000_000);
        assertThat(p.finalQueryIssuedTime()).isEqualTo(1.0);
        assertThat(p.qpsWithLoadgenOverhead()).isEqualTo(1000.0);
        assertThat(p.qpsWithoutLoadgenOverhead()).isEqualTo(1000.0);
        assertThat(p.earlyStoppingLatencySs()).isEqualTo(1_000_000);
        assertThat(p.earlyStoppingLatencyMs()).isEqualTo(1_000_000);
        assertThat(run.keys()).contains("generic_message");
        assertThat(run.detail())
                .contains("\"value\": \"Ending naturally: Minimum query count and test duration met.\"");
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.VALID);
    }

    @Test
    void multiStreamQueryLatencyIsTheLastSample() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.MULTI_STREAM;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 662;
        StaggeredSut sut = new StaggeredSut(run, 1_000_000);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        PerformanceSummary p = r.performance().orElseThrow();
        // sample k of each 8-sample query completes after (k + 1) ms
        assertThat(p.queries().min()).isEqualTo(8_000_000);
        assertThat(p.queries().max()).isEqualTo(8_000_000);
        assertThat(p.samples().min()).isEqualTo(1_000_000);
        assertThat(p.samples().max()).isEqualTo(8_000_000);
        assertThat(p.earlyStoppingLatencyMs()).isEqualTo(8_000_000);
        assertThat(run.value("result_99.00_percentile_per_query_latency_ns")).isEqualTo("8000000");
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.VALID);
    }

    @Test
    void offlineIssuesOneQueryAndMeasuresThroughput() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.OFFLINE;
        run.settings.minDurationMs = 1000;
        run.settings.offlineExpectedQps = 1000;
        QueueingSut sut = new QueueingSut(run, 1_000_000);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(sut.calls).isEqualTo(1);
        assertThat(p.sampleCount()).isEqualTo(1100); // 1.1 x 1 s x 1000 QPS
        assertThat(p.maxLatencySeconds()).isEqualTo(1.1);
        assertThat(p.samplesPerSecond()).isEqualTo(1100 / 1.1);
        assertThat(run.summary()).contains("Samples per second: 1000\n");
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.VALID);
    }

    @Test
    void ranOutOfQueriesWhenTheSutIsMuchFasterThanExpected() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.minDurationMs = 1000;
        run.settings.minQueryCount = 10;
        run.settings.singleStreamExpectedLatencyNs = 10_000_000; // generates 2 x 100 queries
        TestResult r = run.start(run.sut(1_000_000), new RecordingQsl(100, 64));
        // offsets 0, 10 ms, ..., 2 s: generation stops after the first query at or past 2 x min_duration
        assertThat(r.performance().orElseThrow().queriesIssued()).isEqualTo(201);
        assertThat(run.errors())
                .containsExactly("error_runtime \"Ending early: Ran out of generated queries to issue before the"
                        + " minimum query count and test duration were reached. Please update the relevant expected latency or target"
                        + " qps in the TestSettings so they are more accurate.\"");
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.INVALID);
        assertThat(run.summary())
                .contains(" * Decrease the expected latency so the loadgen pre-generates more queries.\n");
    }

    @Test
    void maxQueryCountAndMaxDurationEndEarlyWithAnError() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.minDurationMs = 1000;
        run.settings.maxQueryCount = 50;
        run.start(run.sut(1_000_000), new RecordingQsl(100, 64));
        assertThat(run.errors())
                .containsExactly(
                        "error_runtime \"IssueQueryThread 0 Ending early: Max query count reached. query_count 50\"");

        Run run2 = new Run(dir.resolve("b"));
        mkdirs(run2.dir);
        run2.settings.scenario = Scenario.SERVER;
        run2.settings.serverTargetQps = 100;
        run2.settings.minDurationMs = 1000;
        run2.settings.maxDurationMs = 500;
        run2.start(run2.sut(1_000_000), new RecordingQsl(100, 64));
        assertThat(run2.errors()).hasSize(1);
        assertThat(run2.errors().get(0))
                .startsWith("error_runtime \"IssueQueryThread 0 Ending early: Max test duration reached."
                        + " duration_ns 5");
    }

    @Test
    void tooManyOutstandingQueries() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 1000;
        run.settings.serverMaxAsyncQueries = 3;
        run.settings.minDurationMs = 1000;
        TestResult r = run.start(run.sut(100_000_000), new RecordingQsl(100, 64));
        assertThat(run.errors())
                .containsExactly(
                        "error_runtime \"IssueQueryThread 0 Ending early: Too many outstanding queries. issued 4 outstanding 4\"");
        assertThat(r.performance().orElseThrow().queriesIssued()).isEqualTo(4);
    }

    @Test
    void coalescingMergesQueriesWhoseTimeHasPassed() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 1000;
        run.settings.serverCoalesceQueries = true;
        run.settings.minDurationMs = 100;
        run.settings.minQueryCount = 10;
        SlowIssueSut sut = new SlowIssueSut(run, 5_000_000);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat((long) sut.calls).isLessThan(p.queriesIssued() / 3);
        assertThat(sut.samples).isEqualTo(p.queriesIssued());
        assertThat(p.samples().max()).isGreaterThan(4_000_000);
    }

    @Test
    void performanceIssueUniqueIssuesEachLoadedSampleOnce() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.performanceIssueUnique = true;
        run.settings.minDurationMs = 0;
        VirtualSut sut = run.sut(1000);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        assertThat(sut.issued()).hasSize(64);
        assertThat(sut.issued().stream().map(QuerySample::index).distinct().count())
                .isEqualTo(64);
        assertThat(r.performance().orElseThrow().queriesIssued()).isEqualTo(64);
    }

    @Test
    void performanceIssueSameRepeatsOneSample() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.performanceIssueSame = true;
        run.settings.performanceIssueSameIndex = 3;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 20;
        VirtualSut sut = run.sut(1000);
        run.start(sut, new RecordingQsl(10, 10));
        assertThat(sut.issued().stream().map(QuerySample::index).distinct().toList())
                .containsExactly(6L); // L[3]
    }

    @Test
    void validationErrorsForIssueSameAndUnique() {
        Run run = new Run(dir);
        run.settings.performanceIssueSame = true;
        run.settings.performanceIssueUnique = true;
        run.settings.performanceIssueSameIndex = 64;
        run.settings.minDurationMs = 0;
        run.start(run.sut(1000), new RecordingQsl(100, 64));
        assertThat(run.errors())
                .contains(
                        "error_invalid_test_settings \"Sample Idx to be repeated in performance_issue_same mode"
                                + " cannot be greater than loaded performance_sample_count. performance_issue_same_index: 64"
                                + " performance_sample_count: 64\"",
                        "error_invalid_test_settings \"Performance_issue_unique and"
                                + " performance_issue_same, both cannot be true at the same time. performance_issue_unique: 1"
                                + " performance_issue_same: 1\"");
    }

    @Test
    void serverMinDurationUsesTheScheduleNotTheCompletion() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 10;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 5;
        TestResult r = run.start(run.sut(0), new RecordingQsl(10, 10));
        assertThat(r.performance().orElseThrow().finalQueryScheduledTime()).isEqualTo(0.430043472);
        assertThat(run.value("generated_query_duration")).isEqualTo("468684134");
    }

    private static void mkdirs(Path p) {
        try {
            java.nio.file.Files.createDirectories(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One worker, {@code serviceNs} per sample, in issue order. */
    static final class QueueingSut implements SystemUnderTest {
        private final Run run;
        private final long serviceNs;
        private long busyUntil;
        int calls;

        QueueingSut(Run run, long serviceNs) {
            this.run = run;
            this.serviceNs = serviceNs;
        }

        @Override
        public String name() {
            return "QueueingSUT";
        }

        @Override
        public void issueQuery(List<QuerySample> samples) {
            calls++;
            for (QuerySample s : samples) {
                busyUntil = Math.max(busyUntil, run.clock.nanoTime()) + serviceNs;
                QuerySampleResponse r = new QuerySampleResponse(s.id(), VirtualSut.data(s.index()));
                run.clock.schedule(busyUntil, () -> run.loadGen.querySamplesComplete(r));
            }
        }

        @Override
        public void flushQueries() {}
    }

    /** Sample k of a query completes (k + 1) x step after issue. */
    static final class StaggeredSut implements SystemUnderTest {
        private final Run run;
        private final long step;

        StaggeredSut(Run run, long step) {
            this.run = run;
            this.step = step;
        }

        @Override
        public String name() {
            return "StaggeredSUT";
        }

        @Override
        public void issueQuery(List<QuerySample> samples) {
            for (int k = 0; k < samples.size(); k++) {
                QuerySampleResponse r = new QuerySampleResponse(samples.get(k).id(), new byte[0]);
                run.clock.scheduleIn((k + 1) * step, () -> run.loadGen.querySamplesComplete(r));
            }
        }

        @Override
        public void flushQueries() {}
    }

    /** Spends {@code busyNs} of virtual time inside every issueQuery, then completes at once. */
    static final class SlowIssueSut implements SystemUnderTest {
        private final Run run;
        private final long busyNs;
        int calls;
        long samples;

        SlowIssueSut(Run run, long busyNs) {
            this.run = run;
            this.busyNs = busyNs;
        }

        @Override
        public String name() {
            return "SlowIssueSUT";
        }

        @Override
        public void issueQuery(List<QuerySample> qs) {
            calls++;
            samples += qs.size();
            run.clock.advance(busyNs);
            for (QuerySample s : qs) {
                run.loadGen.querySamplesComplete(new QuerySampleResponse(s.id(), new byte[0]));
            }
        }

        @Override
        public void flushQueries() {}
    }
}
