package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lazy response-data provider and the inferred token throughput. */
class CallbackAndInferredTest {

    @TempDir
    Path dir;

    @Test
    void dataProviderIsAskedOnlyForLoggedResponses() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.OFFLINE;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 1000;
        run.settings.accuracyLogProbability = 0.1;
        run.settings.accuracyLogRngSeed = 7;
        AtomicInteger asked = new AtomicInteger();
        SystemUnderTest sut = new SystemUnderTest() {
            @Override
            public String name() {
                return "LazySUT";
            }

            @Override
            public void issueQuery(List<QuerySample> samples) {
                List<QuerySampleResponse> empty = samples.stream()
                        .map(s -> new QuerySampleResponse(s.id(), new byte[0]))
                        .toList();
                run.loadGen.querySamplesComplete(empty, r -> {
                    asked.incrementAndGet();
                    return new QuerySampleResponse(r.id(), new byte[] {(byte) 0xAB});
                });
            }

            @Override
            public void flushQueries() {}
        };
        TestResult r = run.start(sut, new RecordingQsl(100, 100));
        assertThat(asked.get()).isEqualTo((int) r.accuracyLogEntries()).isBetween(60, 140);
        assertThat(run.accuracy()).contains("\"data\" : \"AB\"").doesNotContain("\"data\" : \"\"");
    }

    @Test
    void inferredTokenThroughput() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.OFFLINE;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 100;
        run.settings.inferTokenLatencies = true;
        run.settings.tokenLatencyScalingFactor = 69;
        TestResult r = run.start(new ScenarioRunTest.QueueingSut(run, 10_000_000), new RecordingQsl(10, 10));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.inferredTokensPerSecond()).isEqualTo(69 * 100 / 1.0);
        assertThat(run.summary()).contains("Samples per second: 100\nTokens per second (inferred): 6900\n");
        assertThat(run.value("result_inferred_tokens_per_second")).isEqualTo("6900");
    }

    @Test
    void inferredTokenThroughputInServer() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 100;
        run.settings.minDurationMs = 1000;
        run.settings.inferTokenLatencies = true;
        run.settings.tokenLatencyScalingFactor = 10;
        TestResult r = run.start(run.sut(1_000_000), new RecordingQsl(10, 10));
        PerformanceSummary p = r.performance().orElseThrow();
        double expected = 10.0 * (p.sampleCount() - 1) / p.finalQueryAllSamplesDoneTime();
        assertThat(p.inferredCompletedTokensPerSecond()).isEqualTo(expected);
        assertThat(run.summary())
                .contains("Completed tokens per second (inferred): " + io.llmharness.loadgen.log.CFormat.f(expected, 2)
                        + "\n");
        assertThat(run.keys()).contains("result_inferred_completed_tokens_per_second");
    }
}
