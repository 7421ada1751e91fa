package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.config.ConfigContext;
import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Token latencies and the error lines for bad SUT behaviour and bad config. */
class TokensAndErrorsTest {

    @TempDir
    Path dir;

    private Run serverTokens() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 100;
        run.settings.serverTargetLatencyNs = 0;
        run.settings.minDurationMs = 10_000;
        run.settings.useTokenLatencies = true;
        run.settings.serverTtftLatency = 3_000_000;
        run.settings.serverTpotLatency = 3_000_000;
        return run;
    }

    @Test
    void serverTokenMetrics() {
        Run run = serverTokens();
        TestResult r = run.start(run.tokenSut(10_000_000, 2_000_000, 5), new RecordingQsl(100, 50));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.firstToken().target()).isEqualTo(2_000_000);
        assertThat(p.timePerOutputToken().target()).isEqualTo(2_000_000); // (10 - 2) ms / (5 - 1)
        assertThat(p.tokenCount()).isEqualTo(5 * p.sampleCount());
        assertThat(p.overlatencyQueryCount()).isEqualTo(p.sampleCount()); // target_latency 0: every sample is "over"
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.VALID);
        assertThat(run.value("result_token_throughput"))
                .isEqualTo(
                        io.llmharness.loadgen.log.CFormat.g(5.0 * p.sampleCount() / (10_000_000.0 * p.sampleCount())));
        assertThat(run.value("early_stopping_ttft_result")).isEqualTo("\" * Run successful.\"");
        assertThat(run.value("requested_server_ttft_latency")).isEqualTo("3000000");
        assertThat(run.summary())
                .contains("TTFT Early Stopping Result:\n * Run successful.\nTPOT Early Stopping Result:\n"
                        + " * Run successful.\n")
                .contains("ttft_latency (ns): 3000000\ntpot_latency (ns): 3000000\n");
        assertThat(run.errors()).isEmpty();
    }

    @Test
    void ttftAndTpotConstraints() {
        Run run = serverTokens();
        run.settings.serverTtftLatency = 1_000_000;
        run.settings.serverTpotLatency = 1_000_000;
        TestResult r = run.start(run.tokenSut(10_000_000, 2_000_000, 5), new RecordingQsl(100, 50));
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.validity().perfConstraintsRecommendation())
                .isEqualTo("TTFT constrain not met: Reduce target QPS to improve"
                        + " latency.\n * TPOT constrain not met: Reduce target QPS to improve latency.");
        // TPOT fails early stopping, so the TTFT test never runs and its text stays empty
        assertThat(p.validity().earlyStoppingMet()).isFalse();
        assertThat(p.validity().earlyStoppingTtftText()).isEmpty();
        assertThat(run.summary())
                .contains("TTFT Early Stopping Result:\n\nTPOT Early Stopping Result:\n * Run unsuccessful.\n");
        assertThat(run.value("result_invalid_reason"))
                .isEqualTo("\"TTFT constrain not met: Reduce target QPS to improve latency."
                        + "  * TPOT constrain not met: Reduce target QPS to improve latency. \"");
    }

    @Test
    void accuracyEntriesCarryTokenData() {
        Run run = serverTokens();
        run.settings.mode = TestMode.ACCURACY_ONLY;
        run.settings.serverTargetQps = 1000;
        run.start(run.tokenSut(10_000_000, 2_000_000, 3), new RecordingQsl(4, 4));
        assertThat(run.accuracy())
                .matches(
                        "(?s)\\[\n\\{ \"seq_id\" : \\d+, \"qsl_idx\" : (\\d+), \"data\" : \"[0-9A-F]{8}\", \"token_data\""
                                + " : \"[0-9A-F]{8}\", \"token_count\" : 3 }(,\n.*)?\n]\n");
    }

    @Test
    void offlineTokenModeNeedsTwoTokensToo() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.OFFLINE;
        run.settings.useTokenLatencies = true;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 4;
        run.settings.accuracyLogProbability = 1;
        run.start(run.tokenSut(1000, -1, 1), new RecordingQsl(4, 4));
        assertThat(run.errors())
                .containsOnly("error_runtime \"Number of tokens need to be greater than 1\"")
                .hasSize(4);
        assertThat(run.accuracy()).contains(", \"token_count\" : 1 }").doesNotContain("token_data");
        assertThat(run.summary()).contains("\n4 ERRORS encountered. See detailed log.\n");
        assertThat(run.value("num_errors")).isEqualTo("4");
    }

    @Test
    void badTokenCountsAndOrder() {
        Run run = serverTokens();
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 6;
        ScriptedSut sut = new ScriptedSut((q) -> {
            long id = q.id();
            byte[] d = new byte[4];
            switch ((int) id) {
                case 0 -> run.loadGen.querySamplesComplete(new QuerySampleResponse(id, d, 5)); // no first token
                case 1 -> done(run, id, 0);
                case 2 -> done(run, id, -3);
                case 3 -> done(run, id, 1);
                case 4 -> {
                    done(run, id, 5);
                    run.loadGen.firstTokenComplete(new QuerySampleResponse(id, d));
                }
                default -> done(run, id, 5);
            }
        });
        TestResult r = run.start(sut, new RecordingQsl(10, 10));
        assertThat(run.errors())
                .containsExactly(
                        "error_runtime \"Attempted to record a sample latency before it's first token latency\"",
                        "error_runtime \"n_tokens argument missing or attempted to record 0 as number of tokens\"",
                        "error_runtime \"Attempted to record a negative number of tokens\"",
                        "error_runtime \"Number of tokens need to be greater than 1\"",
                        "error_runtime \"Attempted to record token latency after sample was completed\"");
        assertThat(r.errorCount()).isEqualTo(5);
        assertThat(run.summary())
                .endsWith("\nNo warnings encountered during test.\n\n5 ERRORS encountered. See detailed log.\n");
        // n_tokens 0 -> TPOT = latency / -1
        assertThat(r.performance().orElseThrow().timePerOutputToken().min()).isLessThanOrEqualTo(0);
    }

    @Test
    void unknownDoubleAndOldIdsAreLoggedNeverFatal() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.mode = TestMode.SUBMISSION_RUN;
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 5;
        ScriptedSut sut = new ScriptedSut(q -> {
            QuerySampleResponse ok = new QuerySampleResponse(q.id(), new byte[4]);
            run.loadGen.querySamplesComplete(ok);
            if (q.id() == 1) {
                run.loadGen.querySamplesComplete(ok); // twice
            }
            if (q.id() == 2) {
                run.loadGen.querySamplesComplete(new QuerySampleResponse(987_654_321L, new byte[4])); // never issued
            }
            if (q.id() == 11) {
                run.loadGen.querySamplesComplete(new QuerySampleResponse(3, new byte[4])); // from the accuracy run
            }
        });
        TestResult r = run.start(sut, new RecordingQsl(10, 10));
        assertThat(run.errors())
                .containsExactly(
                        "error_runtime \"Attempted to complete a sample twice.\"",
                        "error_runtime \"Received SequenceId that was too large. expected_size: 10 actual_size: 987654322\"",
                        "error_runtime \"Received completion for an old sample. Min expected id: 10 Actual id: 3\"");
        assertThat(r.errorCount()).isEqualTo(3);
        assertThat(r.performance().orElseThrow().sampleCount()).isEqualTo(5);
    }

    @Test
    void completionsAfterTheTestEndAreIgnored() {
        Run run = new Run(dir);
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 3;
        run.start(run.sut(1000), new RecordingQsl(10, 10));
        run.loadGen.querySamplesComplete(new QuerySampleResponse(0, new byte[0]));
        assertThat(run.result.errorCount()).isZero();
    }

    @Test
    void configErrorsAreLoggedFirstAndCounted() throws Exception {
        Path bad = dir.resolve("user.conf");
        Files.writeString(
                bad, "*.SingleStream.min_query_count = 5\n*.SingleStream.max_query_count = 5 # comment\nbroken line\n");
        Run run = new Run(dir);
        ConfigContext context = new ConfigContext();
        run.settings.fromConfig(context, bad, "m", "SingleStream");
        run.settings.fromConfig(context, dir.resolve("missing.conf"), "m", "SingleStream");
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 3;
        TestResult r = run.start(run.sut(1000), new RecordingQsl(10, 10));
        List<String> keys = run.keys();
        assertThat(keys.subList(0, 5))
                .containsExactly(
                        "error_invalid_config",
                        "error_invalid_config",
                        "error_invalid_config",
                        "error_invalid_config",
                        "loadgen_version");
        assertThat(run.errors())
                .containsExactly(
                        "error_invalid_config \"value needs to be integer or double, line=2\"",
                        "error_invalid_config \"expected 'key=value', line=3\"",
                        "error_invalid_config \"Multiple conf files are used. This is not valid for official submission.\"",
                        "error_invalid_config \"can't open file " + dir.resolve("missing.conf") + "\"");
        assertThat(r.errorCount()).isEqualTo(4);
        assertThat(run.summary()).endsWith("\n4 ERRORS encountered. See detailed log.\n");
    }

    @Test
    void unknownScenarioNameIsRejectedClearly() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new TestSettings().set("scenario", "Interactive"))
                .hasMessage(
                        "unknown scenario 'Interactive'; expected one of SingleStream, MultiStream, Server, Offline");
    }

    private static void done(Run run, long id, long tokens) {
        run.loadGen.firstTokenComplete(new QuerySampleResponse(id, new byte[4]));
        run.loadGen.querySamplesComplete(new QuerySampleResponse(id, new byte[4], tokens));
    }

    /** Calls {@code action} for every issued sample, synchronously. */
    static final class ScriptedSut implements SystemUnderTest {
        private final Consumer<QuerySample> action;

        ScriptedSut(Consumer<QuerySample> action) {
            this.action = action;
        }

        @Override
        public String name() {
            return "ScriptedSUT";
        }

        @Override
        public void issueQuery(List<QuerySample> samples) {
            samples.forEach(action);
        }

        @Override
        public void flushQueries() {}
    }
}
