package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.cli.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad profiles and bad flags: each is one line naming the file and key (or the flag), with the exit code of its
 * kind, and nothing is sent. No server is needed: every check happens before a socket opens.
 */
class BenchErrorsTest {

    @TempDir
    Path dir;

    private static final String GOOD = """
            load:
              type: constant
              stages:
              - rate: 1
                duration: 2
            api:
              type: completion
              streaming: true
            server:
              model_name: m
              base_url: http://127.0.0.1:9
            data:
              type: random
            """;

    private BenchFixture.Outcome run(String profile, Map<String, String> env, String... extra) throws IOException {
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, profile);
        String[] args = new String[extra.length + 3];
        args[0] = "-w";
        args[1] = file.toString();
        args[2] = "--dry-run";
        System.arraycopy(extra, 0, args, 3, extra.length);
        return bench(dir.resolve("out"), env, new BenchControl(), args);
    }

    private static void oneLine(BenchFixture.Outcome o, int exit, String... parts) {
        assertThat(o.exit()).as(o.err()).isEqualTo(exit);
        assertThat(o.errorLines()).as(o.err()).singleElement().asString().contains(parts);
        assertThat(o.err()).doesNotContain("Exception", "\tat ");
        assertThat(o.runs()).isEmpty();
    }

    @Test
    void anUnknownLoadType() throws IOException {
        oneLine(
                run(GOOD.replace("type: constant", "type: ramp"), Map.of()),
                ExitCodes.INVALID_CONFIG,
                "p.yaml",
                "load.type",
                "ramp");
    }

    @Test
    void aNegativeRate() throws IOException {
        oneLine(
                run(GOOD.replace("rate: 1", "rate: -3"), Map.of()),
                ExitCodes.INVALID_CONFIG,
                "p.yaml",
                "load.stages[0].rate",
                "-3");
    }

    @Test
    void aStageWithNeitherDurationNorNumRequests() throws IOException {
        oneLine(
                run(GOOD.replace("    duration: 2\n", ""), Map.of()),
                ExitCodes.INVALID_CONFIG,
                "p.yaml",
                "load.stages[0]",
                "duration");
    }

    @Test
    void aMissingReplaceEnvVariable() throws IOException {
        oneLine(
                run(GOOD.replace("model_name: m", "model_name: REPLACE_ENV_MY_MODEL"), Map.of()),
                ExitCodes.INVALID_CONFIG,
                "p.yaml",
                "MY_MODEL");
    }

    @Test
    void anUnreadableDataFile() throws IOException {
        String p = GOOD.replace("type: random", "type: shareGPT\n  path: " + dir.resolve("missing.json"));
        // the data file is read when the run starts (after the dry-run plan), so run for real
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, p);
        try (var sim = BenchFixture.fastSimulator()) {
            BenchFixture.Outcome o = bench(
                    dir.resolve("out"),
                    Map.of(),
                    new BenchControl(),
                    "-w",
                    file.toString(),
                    "--endpoint",
                    sim.baseUrl(),
                    "--tokenizer",
                    "simulator");
            oneLine(o, ExitCodes.INVALID_CONFIG, "p.yaml", "data.path", "missing.json", "no such file");
        }
    }

    @Test
    void aTokenizerPathThatDoesNotExist() throws IOException {
        String p = GOOD + "tokenizer:\n  pretrained_model_name_or_path: " + dir.resolve("no-tokenizer") + "\n";
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, p);
        try (var sim = BenchFixture.fastSimulator()) {
            BenchFixture.Outcome o = bench(
                    dir.resolve("out"),
                    Map.of(),
                    new BenchControl(),
                    "-w",
                    file.toString(),
                    "--endpoint",
                    sim.baseUrl());
            oneLine(
                    o,
                    ExitCodes.INVALID_CONFIG,
                    "p.yaml",
                    "tokenizer.pretrained_model_name_or_path",
                    "no-tokenizer",
                    "does not exist");
        }
    }

    @Test
    void aTokenizerFlagPathThatDoesNotExistOrHoldsNoTokenizerJsonIsAUsageError() throws IOException {
        oneLine(
                run(
                        GOOD,
                        Map.of(),
                        "--tokenizer",
                        dir.resolve("nothing-here/tokenizer.json").toString()),
                ExitCodes.USAGE,
                "--tokenizer",
                "nothing-here",
                "does not exist");
        Path folder = Files.createDirectories(dir.resolve("model"));
        Files.writeString(folder.resolve("tokenizer.model"), "sentencepiece");
        oneLine(
                run(GOOD, Map.of(), "--tokenizer", folder.toString()),
                ExitCodes.USAGE,
                "--tokenizer",
                "has no tokenizer.json",
                "tokenizer.model");
    }

    @Test
    void anOverrideKeyThatMatchesNothingIsAWarning() throws IOException {
        BenchFixture.Outcome o = run(GOOD, Map.of(), "-o", "duratoin=5");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.err()).contains("harness: warning: --overrides duratoin=...: no key 'duratoin' in");
    }

    @Test
    void anUnknownProfileNameListsTheShippedOnes() {
        BenchFixture.Outcome o = bench(dir.resolve("out"), Map.of(), new BenchControl(), "-w", "sanity_randon");
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.errorLines())
                .singleElement()
                .asString()
                .contains("--workload 'sanity_randon'", "did you mean 'sanity_random'", "shipped:");
    }

    @Test
    void noServerAnywhereIsAUsageError() throws IOException {
        BenchFixture.Outcome o = run(GOOD.replace("  base_url: http://127.0.0.1:9\n", ""), Map.of());
        oneLine(o, ExitCodes.USAGE, "--endpoint", "--simulate");
    }

    @Test
    void anUnreachableServerIsOneLineBeforeAnythingIsWritten() throws IOException {
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, GOOD);
        BenchFixture.Outcome o = bench(
                dir.resolve("out"), Map.of(), new BenchControl(), "-w", file.toString(), "--tokenizer", "simulator");
        oneLine(
                o,
                ExitCodes.EXECUTION_FAILURE,
                "cannot reach the server at http://127.0.0.1:9",
                "p.yaml: server.base_url");
    }

    @Test
    void badFlags() {
        Map<String, String> env = Map.of();
        oneLine(
                bench(dir.resolve("out"), env, new BenchControl(), "-l", "locust"),
                ExitCodes.USAGE,
                "--harness",
                "locust");
        oneLine(bench(dir.resolve("out"), env, new BenchControl(), "--slo", "ttft=fast"), ExitCodes.USAGE, "--slo");
        oneLine(
                bench(dir.resolve("out"), env, new BenchControl(), "-o", "min"),
                ExitCodes.USAGE,
                "--overrides",
                "key=value");
        oneLine(
                bench(dir.resolve("out"), env, new BenchControl(), "--endpoint", "localhost:8000"),
                ExitCodes.USAGE,
                "--endpoint",
                "http");
        oneLine(
                bench(dir.resolve("out"), env, new BenchControl(), "--enable-metrics", "--metrics-interval", "0"),
                ExitCodes.USAGE,
                "--metrics-interval 0.0",
                "positive number of seconds");
    }
}
