package io.llmharness.loadgen.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

    @TempDir
    Path dir;

    /** A fresh LoadGen "process" per test (JUnit creates a test instance per test). */
    private ConfigContext context = new ConfigContext();

    private Path file(String name, String... lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n");
        return p;
    }

    @Test
    void firstUserConfAppliesTheEmbeddedMlperfConf() throws IOException {
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        ConfigStatus st = s.fromConfig(
                context, file("user.conf", "llama3_1-8b.Server.target_qps = 12.5"), "llama3_1-8b", "Server");
        assertThat(st).isEqualTo(ConfigStatus.OK);
        assertThat(s.configDiagnostics()).isEmpty();
        assertThat(s.serverTargetQps).isEqualTo(12.5);
        assertThat(Long.toUnsignedString(s.qslRngSeed)).isEqualTo("2085463073848966840");
        assertThat(Long.toUnsignedString(s.sampleIndexRngSeed)).isEqualTo("2747215439041700203");
        assertThat(Long.toUnsignedString(s.scheduleRngSeed)).isEqualTo("16159082839903944936");
        assertThat(s.minDurationMs).isEqualTo(600000);
        assertThat(s.serverTargetLatencyNs).isZero();
        assertThat(s.serverTargetLatencyPercentile).isEqualTo(99 * 0.01);
        assertThat(s.useTokenLatencies).isTrue();
        assertThat(s.serverTtftLatency).isEqualTo(2_000_000_000L);
        assertThat(s.serverTpotLatency).isEqualTo(100_000_000L);
        assertThat(s.performanceSampleCountOverride).isEqualTo(13368);
        assertThat(s.sampleConcatenatePermutation).isTrue();
        assertThat(Long.toUnsignedString(s.test05ScheduleRngSeed)).isEqualTo("15816800565822761601");
        assertThat(s.test05).isFalse();
    }

    @Test
    void interactiveModelKeyCarriesTighterLimits() throws IOException {
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.fromConfig(context, file("user.conf", "# empty"), "llama3_1-8b-interactive", "Server");
        assertThat(s.serverTtftLatency).isEqualTo(500_000_000L);
        assertThat(s.serverTpotLatency).isEqualTo(30_000_000L);
    }

    @Test
    void misspelledModelSilentlyMissesPerModelKeys() throws IOException {
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.fromConfig(context, file("user.conf", "# empty"), "llama3.1-8b", "Server");
        assertThat(s.useTokenLatencies).isFalse();
        assertThat(s.performanceSampleCountOverride).isZero();
        assertThat(s.serverTargetLatencyNs).isEqualTo(10_000_000L); // *.Server.target_latency = 10 ms
    }

    @Test
    void offlineAndSingleStreamValues() throws IOException {
        TestSettings off = new TestSettings();
        off.scenario = Scenario.OFFLINE;
        off.fromConfig(context, file("u.conf", "*.Offline.target_qps = 30"), "llama3_1-8b-edge", "Offline");
        assertThat(off.minQueryCount).isEqualTo(5000);
        assertThat(off.performanceSampleCountOverride).isEqualTo(5000);
        assertThat(off.offlineExpectedQps).isEqualTo(30.0);
        context = new ConfigContext();
        TestSettings ss = new TestSettings();
        ss.fromConfig(context, file("u2.conf", "*.SingleStream.target_latency = 2.5"), "resnet50", "SingleStream");
        assertThat(ss.singleStreamExpectedLatencyNs).isEqualTo(2.5 * 1000 * 1000);
        assertThat(ss.singleStreamTargetLatencyPercentile).isEqualTo(90 * 0.01);
        assertThat(ss.multiStreamSamplesPerQuery).isEqualTo(8);
        assertThat(ss.multiStreamExpectedLatencyNs).isEqualTo(80 * 1e6);
    }

    @Test
    void lookupOrderWithinOneFile() throws IOException {
        TestSettings s = new TestSettings();
        s.fromConfig(
                context,
                file(
                        "order.conf",
                        "*.*.min_query_count = 1",
                        "m.*.min_query_count = 2",
                        "*.SingleStream.min_query_count = 3",
                        "m.SingleStream.min_query_count = 4",
                        "*.*.max_query_count = 11",
                        "m.*.max_query_count = 12",
                        "*.SingleStream.max_query_count = 13",
                        "*.*.min_duration = 21",
                        "m.*.min_duration = 22"),
                "m",
                "SingleStream",
                2);
        assertThat(s.minQueryCount).isEqualTo(4);
        assertThat(s.maxQueryCount).isEqualTo(13);
        assertThat(s.minDurationMs).isEqualTo(22);
    }

    @Test
    void userConfCannotChangeMlperfConfOnlyKeys() throws IOException {
        TestSettings s = new TestSettings();
        s.fromConfig(
                context,
                file(
                        "user.conf",
                        "*.*.qsl_rng_seed = 7",
                        "*.*.accuracy_log_probability = 50",
                        "*.*.test05 = 1",
                        "*.*.min_query_count = 3"),
                "m",
                "SingleStream");
        assertThat(s.qslRngSeed).isEqualTo(Long.parseUnsignedLong("2085463073848966840"));
        assertThat(s.accuracyLogProbability).isZero();
        assertThat(s.test05).isFalse();
        assertThat(s.minQueryCount).isEqualTo(3);
    }

    @Test
    void mlperfConfTypeReadsSeedsAndProbabilityInPercent() throws IOException {
        TestSettings s = new TestSettings();
        s.fromConfig(
                context,
                file("round.conf", "*.*.qsl_rng_seed = 7", "*.*.accuracy_log_probability = 50", "*.*.test05 = 1"),
                "m",
                "SingleStream",
                0);
        assertThat(s.qslRngSeed).isEqualTo(7);
        assertThat(s.accuracyLogProbability).isEqualTo(50 * 0.01);
        assertThat(s.test05).isTrue();
    }

    @Test
    void anotherRoundsMlperfConfCanReplaceTheEmbeddedOne() throws IOException {
        context = new ConfigContext(
                file("v60.conf", "*.*.qsl_rng_seed = 2465351861681999779", "*.Server.min_duration = 1234"));
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.fromConfig(context, file("user.conf", "# nothing"), "m", "Server");
        assertThat(s.qslRngSeed).isEqualTo(2465351861681999779L);
        assertThat(s.minDurationMs).isEqualTo(1234);
        assertThat(s.sampleIndexRngSeed).isZero();
    }

    @Test
    void unitsAndIntegerTruncation() throws IOException {
        TestSettings s = new TestSettings();
        s.useTokenLatencies = true;
        s.fromConfig(
                context,
                file(
                        "units.conf",
                        "*.Server.target_latency = 2.7",
                        "*.Server.ttft_latency = 3",
                        "*.Server.tpot_latency = 0x10",
                        "*.Server.target_latency_percentile = 99.9",
                        "*.*.max_async_queries = 4294967295",
                        "*.Server.max_async_queries = 5",
                        "*.*.performance_issue_same = 2",
                        "*.*.sample_concatenate_permutation = 2"),
                "m",
                "Server",
                2);
        assertThat(s.serverTargetLatencyNs).isEqualTo(2_000_000L);
        assertThat(s.serverTtftLatency).isEqualTo(3_000_000L);
        assertThat(s.serverTpotLatency).isEqualTo(16_000_000L);
        assertThat(s.serverTargetLatencyPercentile).isEqualTo(99.9 * 0.01);
        assertThat(s.serverMaxAsyncQueries).isEqualTo(5);
        assertThat(s.performanceIssueSame).isTrue();
        assertThat(s.sampleConcatenatePermutation).isFalse();
    }

    @Test
    void tokenLimitsOnlyWhenTokenLatenciesAreOn() throws IOException {
        TestSettings s = new TestSettings();
        s.fromConfig(context, file("t.conf", "*.Server.ttft_latency = 3"), "m", "Server", 2);
        assertThat(s.serverTtftLatency).isEqualTo(100_000_000L);
        s.fromConfig(
                context, file("t2.conf", "*.*.use_token_latencies = 1", "*.Server.ttft_latency = 3"), "m", "Server", 2);
        assertThat(s.serverTtftLatency).isEqualTo(3_000_000L);
    }

    @Test
    void modeKey() throws IOException {
        TestSettings s = new TestSettings();
        s.fromConfig(context, file("m.conf", "*.*.mode = 1"), "m", "Server", 2);
        assertThat(s.mode).isEqualTo(TestMode.ACCURACY_ONLY);
        s.fromConfig(context, file("m2.conf", "*.*.mode = 9"), "m", "Server", 2);
        assertThat(s.mode).isEqualTo(TestMode.ACCURACY_ONLY);
        assertThat(s.configDiagnostics())
                .extracting(ConfigDiagnostic::message)
                .containsExactly("Invalid value passed to Mode key in config.");
    }

    @Test
    void invalidFileAppliesNothingAndReportsEveryError() throws IOException {
        TestSettings s = new TestSettings();
        ConfigStatus st = s.fromConfig(
                context,
                file("bad.conf", "*.*.min_query_count = 5", "oops", "x y z", "*.*.max_query_count = 9 # no"),
                "m",
                "SingleStream");
        assertThat(st).isEqualTo(ConfigStatus.INVALID);
        assertThat(s.minQueryCount).isEqualTo(100);
        assertThat(s.configDiagnostics())
                .extracting(ConfigDiagnostic::message)
                .containsExactly("expected 'key=value', line=3", "value needs to be integer or double, line=4");
        assertThat(s.configDiagnostics()).allMatch(d -> d.key().equals("error_invalid_config"));
        // mlperf.conf was applied before the user file was read
        assertThat(s.minDurationMs).isEqualTo(600000);
    }

    @Test
    void missingFileStillAppliesMlperfConf() {
        TestSettings s = new TestSettings();
        Path missing = dir.resolve("nope.conf");
        assertThat(s.fromConfig(context, missing, "m", "SingleStream")).isEqualTo(ConfigStatus.FILE_NOT_FOUND);
        assertThat(s.configDiagnostics())
                .extracting(ConfigDiagnostic::message)
                .containsExactly("can't open file " + missing);
        assertThat(s.minDurationMs).isEqualTo(600000);
    }

    @Test
    void secondUserConfIsAnError() throws IOException {
        TestSettings s = new TestSettings();
        s.fromConfig(context, file("a.conf", "# a"), "m", "SingleStream");
        s.minDurationMs = 5;
        s.fromConfig(context, file("b.conf", "*.*.min_query_count = 3"), "m", "SingleStream");
        assertThat(s.configDiagnostics())
                .extracting(ConfigDiagnostic::message)
                .containsExactly("Multiple conf files are used. This is not valid for official submission.");
        assertThat(s.minQueryCount).isEqualTo(3);
        assertThat(s.minDurationMs).isEqualTo(5); // mlperf.conf not re-applied
    }

    @Test
    void embeddedFileHasTheRoundsKeys() {
        ConfigParser.Parsed p = ConfigParser.parse(ConfigLoader.embedded());
        assertThat(p.errors()).isEmpty();
        assertThat(p.values()).hasSize(148);
        assertThat(p.values())
                .containsEntry("*.*.schedule_rng_seed", "16159082839903944936")
                .containsEntry("llama3_1-8b.Offline.min_query_count", "13368")
                .containsEntry("gpt-oss-120b.*.accuracy_sample_count_override", "4395")
                .containsEntry("pointpainting.SingleStream.target_latency_percentile", "99.9")
                .containsEntry("3d-unet.*.performance_sample_count_override", "0")
                .containsEntry("*.Server.target_duration", "0");
    }
}
