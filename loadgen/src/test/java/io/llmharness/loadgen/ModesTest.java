package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import io.llmharness.loadgen.fixtures.VirtualSut;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accuracy, submission and find-peak runs, accuracy-log sampling, audit.config and test05. */
class ModesTest {

    @TempDir
    Path dir;

    @Test
    void accuracyRunIssuesEverySampleOfEverySetOnce() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.mode = TestMode.ACCURACY_ONLY;
        VirtualSut sut = run.sut(1000);
        RecordingQsl qsl = new RecordingQsl(60, 50);
        TestResult r = run.start(sut, qsl);
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.NOT_APPLICABLE);
        assertThat(sut.issued()).hasSize(60);
        assertThat(sut.issued().stream().map(QuerySample::index).distinct().count())
                .isEqualTo(60);
        assertThat(sut.flushes()).isEqualTo(2);
        assertThat(qsl.calls()).hasSize(4);
        assertThat(qsl.calls().get(0)).startsWith("load [");
        assertThat(qsl.calls().get(1)).isEqualTo("unload 50");
        assertThat(qsl.calls().get(3)).isEqualTo("unload 10");
        assertThat(r.accuracyLogEntries()).isEqualTo(60);
        assertThat(run.summary())
                .isEqualTo("\nNo warnings encountered during test.\n\nNo errors encountered during test.\n");
        assertThat(run.keys().stream().filter(k -> k.equals("loaded_qsl_set")).count())
                .isEqualTo(2);
        assertThat(run.keys()).doesNotContain("result_validity");
        assertThat(run.detail()).contains("\"value\": \"Starting accuracy mode\"");
        // every line of the accuracy log is one object, in completion order with " : " separators
        String acc = run.accuracy();
        assertThat(acc).startsWith("[\n{ \"seq_id\" : 0, \"qsl_idx\" : ").endsWith(" }\n]\n");
        assertThat(acc.split("\n")).hasSize(62);
        Matcher m = Pattern.compile("\\{ \"seq_id\" : (\\d+), \"qsl_idx\" : (\\d+), \"data\" : \"([0-9A-F]*)\" }")
                .matcher(acc);
        int n = 0;
        while (m.find()) {
            long idx = Long.parseLong(m.group(2));
            assertThat(m.group(3)).isEqualTo(hex(VirtualSut.data(idx)));
            n++;
        }
        assertThat(n).isEqualTo(60);
    }

    @Test
    void submissionRunIsAccuracyThenPerformanceWithContinuingIds() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.mode = TestMode.SUBMISSION_RUN;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 100;
        VirtualSut sut = run.sut(1000);
        TestResult r = run.start(sut, new RecordingQsl(20, 20));
        assertThat(sut.issued()).hasSize(120);
        assertThat(sut.issued().get(20).id()).isEqualTo(20);
        assertThat(r.verdict()).isNotEqualTo(TestResult.Verdict.NOT_APPLICABLE);
        assertThat(r.accuracyLogEntries()).isEqualTo(20);
        assertThat(run.summary())
                .startsWith("================================================\nMLPerf Results Summary\n");
        assertThat(run.summary()).contains("Mode     : SubmissionRun\n");
        List<String> keys = run.keys();
        assertThat(keys.indexOf("result_validity")).isGreaterThan(keys.lastIndexOf("loaded_qsl_set"));
    }

    @Test
    void accuracyLogSamplingInPerformanceRuns() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 100;
        run.settings.minDurationMs = 10_000;
        run.settings.accuracyLogRngSeed = 720381539243781796L;
        run.settings.accuracyLogSamplingTarget = 100;
        run.settings.minQueryCount = 100;
        TestResult r = run.start(run.sut(1_000_000), new RecordingQsl(100, 50));
        // expected = 100 qps x 10 s = 1000 samples -> probability 0.1
        long issued = r.performance().orElseThrow().sampleCount();
        assertThat(r.accuracyLogEntries()).isBetween(issued / 10 - 40, issued / 10 + 40);
        Run again = new Run(dir.resolve("again"));
        mkdirs(again.dir);
        again.settings.scenario = Scenario.SERVER;
        again.settings.serverTargetQps = 100;
        again.settings.minDurationMs = 10_000;
        again.settings.accuracyLogRngSeed = 720381539243781796L;
        again.settings.accuracyLogSamplingTarget = 100;
        again.start(again.sut(1_000_000), new RecordingQsl(100, 50));
        assertThat(again.accuracy()).isEqualTo(run.accuracy());
    }

    @Test
    void accuracyLogProbabilityOneLogsEverything() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.OFFLINE;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 30;
        run.settings.accuracyLogProbability = 1.0;
        TestResult r = run.start(run.sut(0), new RecordingQsl(10, 10));
        assertThat(r.accuracyLogEntries()).isEqualTo(30);
    }

    @Test
    void findPeakPerformanceBisectsTheServerRate() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.mode = TestMode.FIND_PEAK_PERFORMANCE;
        run.settings.serverTargetQps = 10;
        run.settings.serverTargetLatencyNs = 50_000_000;
        run.settings.minDurationMs = 2_000;
        run.settings.minQueryCount = 10;
        ScenarioRunTest.QueueingSut sut = new ScenarioRunTest.QueueingSut(run, 20_000_000); // capacity 50 QPS
        TestResult r = run.start(sut, new RecordingQsl(100, 50));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.perfConstraintsMet()).isTrue();
        assertThat(p.settings().targetQps()).isBetween(10.0, 50.0).isNotEqualTo(10.0);
        String d = run.detail();
        assertThat(d)
                .contains("\"value\": \"Starting FindPeakPerformance mode\"")
                .contains("FindPeakPerformance: Check validity of the base settings field: 10.000000")
                .contains("FindBoundaries: Checking fields [10.000000, 20.000000)")
                .contains("FindPeakPerformance: Found boundaries: [")
                .contains("FindPeakPerformanceBinarySearch: Testing the mid value of bounds [")
                .contains("FindPeakPerformance: Found peak performance field: ");
        assertThat(run.summary()).contains("Mode     : FindPeakPerformance\n");
        assertThat(run.summary().split("MLPerf Results Summary", -1)).hasSize(2);
    }

    @Test
    void findPeakNeedsServer() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.OFFLINE;
        run.settings.mode = TestMode.FIND_PEAK_PERFORMANCE;
        TestResult r = run.start(run.sut(0), new RecordingQsl(10, 10));
        assertThat(r.performance()).isEmpty();
        assertThat(run.errors())
                .containsExactly(
                        "error_invalid_config \"Finding peak performance is only supported in Server scenarios.\"");
        assertThat(run.summary()).endsWith("\n1 ERROR encountered. See detailed log.\n");
    }

    @Test
    void findPeakReportsAFailingLowerBound() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.mode = TestMode.FIND_PEAK_PERFORMANCE;
        run.settings.serverTargetQps = 100;
        run.settings.serverTargetLatencyNs = 1_000_000;
        run.settings.minDurationMs = 500;
        TestResult r = run.start(run.sut(5_000_000), new RecordingQsl(100, 50));
        assertThat(run.errors())
                .containsExactly("error_runtime \"FindPeakPerformance: Initial lower bound does not satisfy"
                        + " performance constraints, msg: Reduce target QPS to improve latency.\"");
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.INVALID);
    }

    @Test
    void auditConfigOverridesAndTest05SwapsSeeds() throws Exception {
        Path audit = dir.resolve("audit.config");
        Files.writeString(audit, "*.*.mode = 2\n*.SingleStream.min_query_count = 7\n*.*.test05 = 1\n");
        Run run = new Run(dir);
        run.auditConfig = audit.toString();
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.mode = TestMode.ACCURACY_ONLY;
        run.settings.test05 = true;
        run.settings.test05QslRngSeed = 11;
        run.settings.test05SampleIndexRngSeed = 12;
        run.settings.test05ScheduleRngSeed = 13;
        run.settings.minDurationMs = 0;
        run.start(run.sut(1000), new RecordingQsl(10, 10));
        assertThat(run.value("requested_test_mode")).isEqualTo("\"PerformanceOnly\"");
        assertThat(run.value("requested_min_query_count")).isEqualTo("7");
        assertThat(run.value("requested_qsl_rng_seed")).isEqualTo("11");
        assertThat(run.value("effective_schedule_rng_seed")).isEqualTo("13");
        List<String> keys = run.keys();
        int w = keys.indexOf("warning_generic_message");
        assertThat(keys.get(w - 1)).isEqualTo("qsl_reported_performance_count");
        assertThat(run.detail())
                .contains(
                        "\"value\": \"Found Audit Config file (audit.config). Overriding TestSettings from audit.config file.\"")
                .contains("\"value\": \"Test05 flag detected Overriding random seeds\"");
        assertThat(run.summary()).contains("\n2 warnings encountered. See detailed log.\n");
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02X", x));
        }
        return s.toString();
    }

    private static void mkdirs(Path p) {
        try {
            Files.createDirectories(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
