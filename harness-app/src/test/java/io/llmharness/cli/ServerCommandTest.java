package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.backend.config.ServerSetting;
import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.testing.ChildHarness;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code harness server start|stop|status} run in-process with captured output. */
class ServerCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<FakeBackend> fixtures = new ArrayList<>();

    @AfterEach
    void noOrphans() {
        for (FakeBackend f : fixtures) {
            List<Long> left = ProcessScanner.awaitNoneWithEnv(f.marker(), Duration.ofSeconds(2));
            ProcessScanner.killAll(left);
            assertThat(left).as("processes left behind").isEmpty();
        }
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private FakeBackend fake() {
        FakeBackend f = new FakeBackend(dir);
        fixtures.add(f);
        return f;
    }

    @Test
    void badConfigIsExitCode3WithOneLineNamingFileAndKey() throws Exception {
        Path cfg = Files.writeString(dir.resolve("bad.yaml"), "backend: vllm\nmodel: m\nstartup_timout: 5\n");
        int code = run("server", "start", "--server-config", cfg.toString());
        assertThat(code).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(err.toString())
                .isEqualTo("harness: " + cfg + ": unknown key 'startup_timout'; did you mean 'startup_timeout'?"
                        + System.lineSeparator());
    }

    @Test
    void badOptionValueNamesTheOption() throws Exception {
        Path cfg = Files.writeString(dir.resolve("ok.yaml"), "backend: vllm\nmodel: m\n");
        int code = run("server", "start", "--dry-run", "--server-config", cfg.toString(), "--num-processes", "two");
        assertThat(code).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(err.toString())
                .contains("harness: option --num-processes: expected an integer from 1 to 256, got 'two'");
    }

    @Test
    void dryRunPrintsTheCommandLinesAndStartsNothing() throws Exception {
        Path cfg = Files.writeString(
                dir.resolve("sg.yaml"),
                "backend: sglang\nmodel: openai/gpt-oss-120b\nport: 30000\nconfig: {server_args: {tp: 8}}\n");
        int code = run(
                "server",
                "start",
                "--dry-run",
                "--server-config",
                cfg.toString(),
                "--num-processes",
                "2",
                "--num-gpus",
                "16",
                "--server-arg=--context-length 32768",
                "--server-env",
                "HF_HUB_OFFLINE=1");
        assertThat(code).isZero();
        assertThat(out.toString())
                .contains("sglang[0] http://127.0.0.1:30000 (log server_logs/sg-0.log)")
                .contains("  env CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")
                .contains("  env HF_HUB_OFFLINE=1")
                .contains("  python -m sglang.launch_server --model-path openai/gpt-oss-120b --host 127.0.0.1 --port"
                        + " 30001 --tp 8 --context-length 32768")
                .contains("  env CUDA_VISIBLE_DEVICES=8,9,10,11,12,13,14,15")
                .doesNotContain("HARNESS_SERVER_ID");
    }

    @Test
    void serverWithoutSubcommandIsAUsageError() {
        assertThat(run("server")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("start").contains("stop").contains("status");
    }

    @Test
    void stopAndStatusWithoutRecordAndWithoutName() {
        String state = dir.resolve("state").toString();
        assertThat(run("server", "stop", "--name", "none", "--state-dir", state))
                .isZero();
        assertThat(out.toString()).contains("no servers recorded as 'none'").contains("nothing to stop");
        assertThat(run("server", "status", "--name", "none", "--state-dir", state))
                .isEqualTo(1);
        assertThat(out.toString()).contains("'none': not running");
        assertThat(run("server", "status", "--state-dir", state)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("give --server-config FILE or --name NAME");
    }

    @Test
    @Tag("slow")
    void startStatusStopRoundTrip() {
        FakeBackend f = fake().env("FAKE_CHILDREN", 2);
        String cfg = f.writeConfig().toString();
        String state = dir.resolve("state").toString();
        assertThat(run("server", "start", "--server-config", cfg, "--state-dir", state, "--name", "rt"))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .contains("vllm[0] http://127.0.0.1:" + f.port())
                .contains("ready (model fake-model, max_model_len 4096)")
                .contains("recorded in " + state + "/rt.json");
        assertThat(err.toString()).contains("harness: ready: vllm[0]");
        assertThat(ProcessScanner.withEnv(f.marker())).hasSize(3);

        assertThat(run("server", "status", "--name", "rt", "--state-dir", state))
                .isZero();
        assertThat(out.toString())
                .contains("vllm[0] http://127.0.0.1:" + f.port())
                .contains(": ready;");

        assertThat(run("server", "start", "--server-config", cfg, "--state-dir", state, "--name", "rt"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("servers 'rt' are already running");

        assertThat(run("server", "stop", "--name", "rt", "--state-dir", state)).isZero();
        assertThat(out.toString()).contains("stopped vllm[0]").contains("3 process(es) got SIGTERM");
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
        assertThat(Path.of(state, "rt.json")).doesNotExist();
    }

    /**
     * A detached server that prints its own arguments and environment (as vLLM does) leaves its secrets in its log;
     * {@code server stop}, another JVM that never saw them, redacts them by the fingerprints {@code start} recorded,
     * and the record itself holds no secret.
     */
    @Test
    @Tag("slow")
    void stopRedactsTheSecretsADetachedServerPrintedToItsLog() throws Exception {
        String key = "sk-" + UUID.randomUUID();
        String token = "hf_" + UUID.randomUUID();
        FakeBackend f = fake().env("FAKE_ECHO", "HF_TOKEN");
        String cfg = f.writeConfig().toString();
        String state = dir.resolve("state").toString();
        ChildHarness start = ChildHarness.start(
                "server",
                "start",
                "--server-config",
                cfg,
                "--state-dir",
                state,
                "--name",
                "sec",
                "--server-arg=--api-key " + key,
                "--server-env",
                "HF_TOKEN=" + token);
        assertThat(start.waitFor(Duration.ofSeconds(90))).as(start.output()).isTrue();
        assertThat(start.exitValue()).as(start.output()).isZero();
        Path log;
        try (Stream<Path> logs = Files.list(dir.resolve("logs"))) {
            log = logs.filter(p -> p.toString().endsWith(".log")).findFirst().orElseThrow();
        }
        assertThat(Files.readString(log))
                .as("the fake printed its secrets (the case to redact)")
                .contains(key, token);
        assertThat(Files.readString(Path.of(state, "sec.json"))).doesNotContain(key, token);
        assertThat(Files.getPosixFilePermissions(Path.of(state, "sec.json")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));

        ChildHarness stop = ChildHarness.start("server", "stop", "--name", "sec", "--state-dir", state);
        assertThat(stop.waitFor(Duration.ofSeconds(90))).as(stop.output()).isTrue();
        assertThat(stop.exitValue()).as(stop.output()).isZero();
        String text = Files.readString(log);
        assertThat(text).doesNotContain(key, token);
        assertThat(text).contains("--api-key <redacted>", "fake: env HF_TOKEN=<redacted>");
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
    }

    @Test
    @Tag("slow")
    void statusReportsADeadServerAndStopCleansItsRemains() {
        FakeBackend f = fake().env("FAKE_CHILDREN", 1);
        String cfg = f.writeConfig().toString();
        String state = dir.resolve("state").toString();
        assertThat(run("server", "start", "--server-config", cfg, "--state-dir", state))
                .isZero();
        String name = Path.of(cfg).getFileName().toString().replace(".yaml", "");
        long leader = ProcessScanner.withEnv(f.marker()).stream()
                .filter(p -> ProcessScanner.describe(List.of(p)).get(0).contains("FakeBackendMain"))
                .findFirst()
                .orElseThrow();
        ProcessHandle.of(leader).orElseThrow().destroyForcibly();
        ProcessHandle.of(leader).ifPresent(h -> h.onExit().join());

        assertThat(run("server", "status", "--server-config", cfg, "--state-dir", state))
                .isEqualTo(1);
        assertThat(out.toString()).contains(": dead (1 process(es) of it are still running");

        assertThat(run("server", "stop", "--server-config", cfg, "--state-dir", state))
                .isZero();
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
        assertThat(Path.of(state, name + ".json")).doesNotExist();
    }

    @Test
    @Tag("slow")
    void configsSharingAnOutputDirKeepTheirOwnLogs() {
        // Both fixtures log to dir/logs, as two configs without output_dir share server_logs.
        FakeBackend a = fake();
        FakeBackend b = fake();
        String cfgA = a.writeConfig().toString();
        String cfgB = b.writeConfig().toString();
        String nameA = Path.of(cfgA).getFileName().toString().replace(".yaml", "");
        String nameB = Path.of(cfgB).getFileName().toString().replace(".yaml", "");
        String state = dir.resolve("state").toString();
        assertThat(run("server", "start", "--server-config", cfgA, "--state-dir", state))
                .as(err.toString())
                .isZero();
        assertThat(out.toString()).contains("; log " + dir.resolve("logs/" + nameA + ".log"));
        assertThat(run("server", "start", "--server-config", cfgB, "--state-dir", state))
                .as(err.toString())
                .isZero();
        assertThat(out.toString()).contains("; log " + dir.resolve("logs/" + nameB + ".log"));
        assertThat(dir.resolve("logs/" + nameA + ".log"))
                .content()
                .contains(":" + a.port() + " ")
                .doesNotContain(":" + b.port() + " ");

        long leaderA = ProcessScanner.withEnv(a.marker()).stream()
                .filter(p -> ProcessScanner.describe(List.of(p)).get(0).contains("FakeBackendMain"))
                .findFirst()
                .orElseThrow();
        ProcessHandle.of(leaderA).orElseThrow().destroyForcibly();
        ProcessHandle.of(leaderA).ifPresent(h -> h.onExit().join());
        assertThat(run("server", "status", "--server-config", cfgA, "--state-dir", state))
                .isEqualTo(1);
        assertThat(out.toString())
                .contains(": dead")
                .contains("fake: starting model fake-model on 127.0.0.1:" + a.port())
                .doesNotContain(":" + b.port());

        assertThat(run("server", "stop", "--server-config", cfgA, "--state-dir", state))
                .isZero();
        assertThat(run("server", "stop", "--server-config", cfgB, "--state-dir", state))
                .isZero();
    }

    @Test
    @Tag("slow")
    void startFailureIsExitCode1WithTheReason() {
        FakeBackend f = fake().env("FAKE_MODE", "exit").env("FAKE_EXIT_CODE", 5);
        int code = run(
                "server",
                "start",
                "--server-config",
                f.writeConfig().toString(),
                "--state-dir",
                dir.resolve("state").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString())
                .contains("exited with code 5 during start-up")
                .contains("CUDA out of memory");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    @Tag("slow")
    void foregroundReportsAServerDeathOnce() throws Exception {
        Path crash = dir.resolve("crash-now");
        FakeBackend f = fake().env("FAKE_MODE", "crash-after").env("FAKE_CRASH_WHEN", crash);
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> run(
                "server",
                "start",
                "--foreground",
                "--server-config",
                f.writeConfig().toString(),
                "--state-dir",
                dir.resolve("state").toString()));
        // the server dies once the harness reported it ready
        await().atMost(90, TimeUnit.SECONDS).until(() -> out.toString().contains("ready (model fake-model"));
        Files.createFile(crash);
        int code = running.get(90, TimeUnit.SECONDS);
        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        List<String> deaths =
                err.toString().lines().filter(l -> l.contains(" died: ")).toList();
        assertThat(deaths).as(err.toString()).hasSize(1);
        assertThat(deaths.get(0))
                .startsWith("harness: server at http://127.0.0.1:" + f.port() + " died: exited with code 3")
                .contains("engine core died");
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
    }

    @Test
    void everySettingHasAnOptionAndIsDocumented() throws Exception {
        CommandLine start = Main.commandLine()
                .getSubcommands()
                .get("server")
                .getSubcommands()
                .get("start");
        Path doc = Path.of("").toAbsolutePath();
        while (!Files.exists(doc.resolve("docs/server-manager.md"))) {
            doc = doc.getParent();
        }
        String text = Files.readString(doc.resolve("docs/server-manager.md"));
        for (ServerSetting s : ServerSetting.values()) {
            assertThat(start.getCommandSpec().findOption(s.cliFlag()))
                    .as(s.cliFlag())
                    .isNotNull();
            assertThat(text)
                    .as(s.key())
                    .contains("`" + s.key() + "`")
                    .contains(s.envName())
                    .contains(s.cliFlag());
        }
    }
}
