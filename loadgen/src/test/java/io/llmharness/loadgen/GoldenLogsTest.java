package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole-file layout of the summary and detail logs for deterministic virtual-clock runs. The detail log is
 * compared with build- and process-specific fields masked (file, line, pid, tid, build dates, class hashes).
 * The key order and the text layout were checked against the C++ LoadGen 6.0.17 on equivalent runs.
 * Regenerate with {@code -Dgolden.update=<dir of src/test/resources/golden>} after an intended change.
 */
class GoldenLogsTest {

    @TempDir
    Path dir;

    @Test
    void singleStream() throws IOException {
        check(
                "single_stream",
                run -> {
                    run.settings.scenario = Scenario.SINGLE_STREAM;
                    run.settings.minDurationMs = 100;
                    run.settings.minQueryCount = 64;
                    run.settings.singleStreamExpectedLatencyNs = 2_000_000;
                },
                1_500_000,
                -1,
                0);
    }

    @Test
    void multiStream() throws IOException {
        check(
                "multi_stream",
                run -> {
                    run.settings.scenario = Scenario.MULTI_STREAM;
                    run.settings.minDurationMs = 0;
                    run.settings.minQueryCount = 662;
                },
                3_000_000,
                -1,
                0);
    }

    @Test
    void serverWithTokens() throws IOException {
        check(
                "server_tokens",
                run -> {
                    run.settings.scenario = Scenario.SERVER;
                    run.settings.serverTargetQps = 50;
                    run.settings.serverTargetLatencyNs = 0;
                    run.settings.minDurationMs = 10_000;
                    run.settings.useTokenLatencies = true;
                    run.settings.sampleConcatenatePermutation = true;
                    run.settings.serverTtftLatency = 2_000_000_000L;
                    run.settings.serverTpotLatency = 100_000_000L;
                },
                40_000_000,
                8_000_000,
                9);
    }

    @Test
    void offline() throws IOException {
        check(
                "offline",
                run -> {
                    run.settings.scenario = Scenario.OFFLINE;
                    run.settings.minDurationMs = 1_000;
                    run.settings.offlineExpectedQps = 200;
                },
                1_000_000,
                -1,
                0);
    }

    @Test
    void serverAccuracy() throws IOException {
        check(
                "server_accuracy",
                run -> {
                    run.settings.scenario = Scenario.SERVER;
                    run.settings.mode = TestMode.ACCURACY_ONLY;
                    run.settings.serverTargetQps = 100;
                },
                5_000_000,
                -1,
                0);
    }

    private void check(String name, Consumer<Run> setup, long latency, long firstToken, long tokens)
            throws IOException {
        Run run = new Run(dir);
        setup.accept(run);
        run.start(
                firstToken >= 0 ? run.tokenSut(latency, firstToken, tokens) : run.sut(latency),
                new RecordingQsl(100, 64));
        String summary = run.summary();
        String detail = mask(run.detail());
        String accuracy = run.accuracy();
        String update = System.getProperty("golden.update");
        if (update != null) {
            Files.writeString(Path.of(update, name + "_summary.txt"), summary);
            Files.writeString(Path.of(update, name + "_detail.txt"), detail);
            Files.writeString(Path.of(update, name + "_accuracy.json"), accuracy);
        }
        assertThat(summary).isEqualTo(golden(name + "_summary.txt"));
        assertThat(detail).isEqualTo(golden(name + "_detail.txt"));
        assertThat(accuracy).isEqualTo(golden(name + "_accuracy.json"));
        assertThat(run.trace()).isEmpty();
    }

    static String mask(String detail) {
        return detail.replaceAll(
                        "\"file\": \"[^\"]*\", \"line_no\": \\d+, \"pid\": \\d+, \"tid\": \\d+",
                        "\"file\": \"F\", \"line_no\": 0, \"pid\": 0, \"tid\": 0")
                .replaceAll("(\"key\": \"loadgen_build_date_(local|utc)\", \"value\": )\"[^\"]*\"", "$1\"D\"")
                .replaceAll("(\"key\": \"loadgen_file_sha1\", \"value\": )\\{[^}]*}", "$1{}");
    }

    private static String golden(String file) throws IOException {
        try (InputStream in = GoldenLogsTest.class.getResourceAsStream("/golden/" + file)) {
            assertThat(in).as("golden file %s", file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
