package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.cli.ExitCodes;
import io.llmharness.cli.Main;
import io.llmharness.testing.FreePort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A managed (fake vLLM) server given secrets from every source a user has — an {@code --api-key}, {@code --hf-token}
 * and other secret flags in a backend YAML's {@code api_server_args} and in {@code --server-arg}, {@code env:} values
 * of the YAML, {@code --server-env NAME=V}, {@code HARNESS_SERVER_ENV_*} from the environment, a password in a URL —
 * and every place the harness writes or prints searched for them: the terminal, every file of the run directory,
 * the server log, {@code harness server start --dry-run}, the "not a usable server URL" error. The harness runs in
 * a child JVM, so nothing the test process knows helps it. Run files are private to the user (0600, folders 0700).
 */
@Tag("slow")
class SecretSourcesTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    private final String testId = UUID.randomUUID().toString();
    private final List<Process> children = new ArrayList<>();

    /** name → secret value, each unique and long enough to be searched for in free text. */
    private final Map<String, String> secrets = Map.of(
            "yaml api-key arg", fresh("yamlkey"),
            "yaml hf-token arg", fresh("yamlhf"),
            "yaml password arg", fresh("yamlpw"),
            "yaml env", fresh("yamlenv"),
            "--server-arg secret", fresh("argsecret"),
            "--server-env", fresh("cliEnv"),
            "HARNESS_SERVER_ENV_", fresh("procenv"));

    private static String fresh(String what) {
        return what + "-" + UUID.randomUUID().toString().replace("-", "");
    }

    private record Result(int exit, String output) {}

    @AfterEach
    void noProcessLeft() {
        children.forEach(Process::destroyForcibly);
        List<Long> left = ProcessScanner.awaitNoneWithEnv("FAKE_TEST_ID=" + testId, Duration.ofSeconds(10));
        ProcessScanner.killAll(left);
        assertThat(left).as("processes left behind").isEmpty();
    }

    private Path backendYaml() throws IOException {
        return Files.writeString(
                dir.resolve("secret-vllm.yaml"),
                String.join(
                        "\n",
                        "backend: vllm",
                        "model: fake/Llama-3.1-8B-Instruct",
                        "executable: " + ROOT.resolve("tools/fake-backends/bin/vllm"),
                        "startup_timeout: 120",
                        "shutdown_grace: 10",
                        "env:",
                        "  HF_TOKEN: " + secrets.get("yaml env"),
                        "config:",
                        "  api_server_args:",
                        "    served-model-name: llama-8b",
                        "    api-key: " + secrets.get("yaml api-key arg"),
                        "    hf-token: " + secrets.get("yaml hf-token arg"),
                        "    ssl-keyfile-password: " + secrets.get("yaml password arg"),
                        ""));
    }

    /** The fake server's flags, with a secret in {@code --server-env} and in {@code --server-arg}. */
    private List<String> serverFlags(Path yaml, int port) {
        List<String> flags = new ArrayList<>(RunFixture.fakeServerFlags(yaml, null, port, testId));
        flags.add("--server-env");
        flags.add("WANDB_API_KEY=" + secrets.get("--server-env"));
        flags.add("--server-arg=--my-secret " + secrets.get("--server-arg secret"));
        return flags;
    }

    private Result harness(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(args);
        Path output = Files.createTempFile(dir, "terminal", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        pb.environment().put("FAKE_TEST_ID", testId);
        pb.environment().put("HARNESS_SERVER_ENV_DB_PASSWORD", secrets.get("HARNESS_SERVER_ENV_"));
        Process p = pb.start();
        children.add(p);
        boolean done = p.waitFor(5, TimeUnit.MINUTES);
        String text = Files.readString(output);
        Files.delete(output);
        assertThat(done).as("the harness did not finish in 5 minutes:\n" + text).isTrue();
        return new Result(p.exitValue(), text);
    }

    private void assertNoSecretIn(String where, String text) {
        secrets.forEach((source, value) -> assertThat(text)
                .as("%s holds the secret from %s", where, source)
                .doesNotContain(value));
    }

    private List<Path> filesUnder(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void secretsFromEverySourceAreInNoFileAndNowhereOnTheTerminal() throws Exception {
        int port = FreePort.pick();
        Path yaml = backendYaml();
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                RunFixture.dataset(dir, 16).toString(),
                "--scenario",
                "Offline",
                "--user-conf",
                RunFixture.conf(
                                dir,
                                "s.conf",
                                "llama3_1-8b.Offline.min_query_count = 32",
                                "llama3_1-8b.Offline.min_duration = 300")
                        .toString(),
                "--generation-config",
                RunFixture.shortOutputs(dir, 8).toString(),
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString()));
        args.addAll(serverFlags(yaml, port));
        Result run = harness(args);

        assertThat(run.exit()).as(run.output()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        Path runDir = RunFixture.runDir(dir.resolve("out"));
        assertThat(RunFixture.summary(runDir).at("/mlperf/harness_verdict").asText())
                .as("the server's --api-key from the YAML is sent by the client")
                .isEqualTo("OK");
        assertNoSecretIn("the terminal", run.output());
        List<Path> files = filesUnder(runDir);
        assertThat(files)
                .extracting(p -> p.getFileName().toString())
                .contains("harness.log", "server.log", "summary.json", "config.resolved.yaml");
        for (Path f : files) {
            if (Files.isRegularFile(f)) {
                assertNoSecretIn(f.toString(), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(f);
            assertThat(mode)
                    .as("%s is private to its owner", f)
                    .doesNotContain(
                            PosixFilePermission.GROUP_READ,
                            PosixFilePermission.GROUP_WRITE,
                            PosixFilePermission.OTHERS_READ,
                            PosixFilePermission.OTHERS_WRITE);
        }
        String resolved = Files.readString(runDir.resolve("config.resolved.yaml"));
        assertThat(resolved).contains("HF_TOKEN: <redacted>", "WANDB_API_KEY: <redacted>", "DB_PASSWORD: <redacted>");
        assertThat(Files.readString(runDir.resolve("server.log"))).contains("--hf-token <redacted>");

        Result dry = harness(Stream.concat(Stream.of("server", "start", "--dry-run"), serverFlags(yaml, port).stream())
                .toList());
        assertThat(dry.exit()).as(dry.output()).isEqualTo(ExitCodes.OK);
        assertThat(dry.output()).contains("--hf-token <redacted>", "env HF_TOKEN=<redacted>");
        assertNoSecretIn("harness server start --dry-run", dry.output());
    }

    @Test
    void aPasswordInAServerUrlIsNeverShown() throws Exception {
        String password = fresh("urlpw");
        Result bad = harness(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                RunFixture.dataset(dir, 4).toString(),
                "--api-server-url",
                "ftp://user:" + password + "@gpu-node:8000",
                "--output-dir",
                dir.resolve("out").toString()));
        assertThat(bad.exit()).as(bad.output()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(bad.output()).contains("is not a usable server URL", "ftp://user:<redacted>@gpu-node:8000");
        assertThat(bad.output()).doesNotContain(password);
    }
}
