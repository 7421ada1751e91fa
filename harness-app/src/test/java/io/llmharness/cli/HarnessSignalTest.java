package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.testing.ChildHarness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The harness itself in a child JVM ({@code Main}), interrupted with SIGINT or SIGTERM while it runs
 * servers: the shutdown hook must leave no process of them behind (checked by an independent /proc scan).
 */
@Tag("slow")
class HarnessSignalTest {

    @TempDir
    Path dir;

    private final List<FakeBackend> fixtures = new ArrayList<>();
    private final List<ChildHarness> harnesses = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        harnesses.forEach(ChildHarness::close);
        for (FakeBackend f : fixtures) {
            List<Long> left = ProcessScanner.awaitNoneWithEnv(f.marker(), Duration.ofSeconds(2));
            ProcessScanner.killAll(left);
            assertThat(left).as("processes left behind").isEmpty();
        }
    }

    private FakeBackend fake() {
        FakeBackend f = new FakeBackend(dir).env("FAKE_CHILDREN", 2).env("FAKE_ESCAPING_CHILD", 1);
        fixtures.add(f);
        return f;
    }

    /** Starts {@code harness ARGS} in a child JVM. */
    private ChildHarness harness(String... args) {
        ChildHarness h = ChildHarness.start(args);
        harnesses.add(h);
        return h;
    }

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void signalDuringARunStopsTheServers(String sig, int exitCode) throws Exception {
        FakeBackend f = fake();
        ChildHarness h = harness(
                "server",
                "start",
                "--foreground",
                "--server-config",
                f.writeConfig().toString());
        h.awaitLine("ready (model fake-model", Duration.ofSeconds(90));
        assertThat(ProcessScanner.withEnv(f.marker())).hasSize(4);
        h.signal(sig);
        assertThat(h.waitFor(Duration.ofSeconds(30))).as(h.output()).isTrue();
        assertThat(h.exitValue()).isEqualTo(exitCode);
        assertThat(ProcessScanner.withEnv(f.marker())).as(h.output()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void signalDuringStartUpStopsTheStartingServer(String sig, int exitCode) throws Exception {
        FakeBackend f = fake().env("FAKE_START_DELAY_MS", 60_000);
        ChildHarness h = harness(
                "server",
                "start",
                "--server-config",
                f.writeConfig().toString(),
                "--state-dir",
                dir.resolve("state").toString());
        h.awaitLine("started vllm[0]", Duration.ofSeconds(90));
        // the launcher and its three children are up (and the server still starting) when the signal comes
        await().atMost(60, TimeUnit.SECONDS)
                .until(() -> ProcessScanner.withEnv(f.marker()).size() == 4);
        h.signal(sig);
        assertThat(h.waitFor(Duration.ofSeconds(30))).as(h.output()).isTrue();
        assertThat(h.exitValue()).isEqualTo(exitCode);
        assertThat(ProcessScanner.withEnv(f.marker())).as(h.output()).isEmpty();
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void detachedServersOutliveTheHarnessAndAreStoppedByALaterCommand() throws Exception {
        FakeBackend f = fake();
        String state = dir.resolve("state").toString();
        ChildHarness h = harness(
                "server",
                "start",
                "--server-config",
                f.writeConfig().toString(),
                "--state-dir",
                state,
                "--name",
                "kept");
        assertThat(h.waitFor(Duration.ofSeconds(90))).as(h.output()).isTrue();
        assertThat(h.exitValue()).as(h.output()).isZero();
        assertThat(ProcessScanner.withEnv(f.marker()))
                .as("still running after the harness exited")
                .hasSize(4);

        ChildHarness stop = harness("server", "stop", "--name", "kept", "--state-dir", state);
        assertThat(stop.waitFor(Duration.ofSeconds(90))).as(stop.output()).isTrue();
        assertThat(stop.exitValue()).as(stop.output()).isZero();
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
    }

    @Test
    void sigkillOfTheHarnessIsCleanedUpByTheOrphanGuard() throws Exception {
        FakeBackend f = fake();
        ChildHarness h = harness(
                "server",
                "start",
                "--foreground",
                "--server-config",
                f.writeConfig().toString());
        h.awaitLine("ready (model fake-model", Duration.ofSeconds(90));
        h.signal("KILL");
        assertThat(h.waitFor(Duration.ofSeconds(30))).isTrue();
        List<Long> left = ProcessScanner.awaitNoneWithEnv(f.marker(), Duration.ofSeconds(30));
        assertThat(left).as(ProcessScanner.describe(left).toString()).isEmpty();
        await().atMost(30, TimeUnit.SECONDS)
                .alias("the guard ends")
                .until(() -> ProcessScanner.withCmdline("harness-orphan-guard " + h.pid())
                        .isEmpty());
    }
}
