package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.config.ConfigContext;
import io.llmharness.loadgen.config.ConfigStatus;
import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two LoadGen configurations in one JVM, each with its own mlperf.conf: their config loads interleave step by step
 * on two threads, then both tests run at the same time. Neither sees the other's mlperf.conf or user.conf count,
 * which the process-wide state of the C++ LoadGen (and of this one before {@link ConfigContext}) would share.
 */
class ParallelConfigTest {

    private static final long STEP_TIMEOUT_S = 30;

    @TempDir
    Path dir;

    @Test
    void twoConfigurationsInterleavedInOneJvmKeepTheirOwnState() throws Exception {
        Path userConf = write("user.conf", "*.SingleStream.target_latency = 2");
        Path secondUserConf = write("second.conf", "*.SingleStream.max_query_count = 0");
        Config a =
                new Config("a", write("a-mlperf.conf", "*.*.qsl_rng_seed = 11", "*.SingleStream.min_query_count = 21"));
        Config b =
                new Config("b", write("b-mlperf.conf", "*.*.qsl_rng_seed = 31", "*.SingleStream.min_query_count = 41"));
        CyclicBarrier step = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            // a: 1st user.conf | b: 1st user.conf | a: 2nd user.conf | both run their test at once
            Future<TestResult> ra = pool.submit(() -> {
                assertThat(a.load(userConf)).isEqualTo(ConfigStatus.OK);
                await(step);
                await(step);
                assertThat(a.load(secondUserConf)).isEqualTo(ConfigStatus.OK);
                await(step);
                return a.start();
            });
            Future<TestResult> rb = pool.submit(() -> {
                await(step);
                assertThat(b.load(userConf)).isEqualTo(ConfigStatus.OK);
                await(step);
                await(step);
                return b.start();
            });
            TestResult resultA = ra.get(STEP_TIMEOUT_S * 4, TimeUnit.SECONDS);
            TestResult resultB = rb.get(STEP_TIMEOUT_S * 4, TimeUnit.SECONDS);

            assertThat(a.run.value("requested_qsl_rng_seed")).isEqualTo("11");
            assertThat(a.run.value("requested_min_query_count")).isEqualTo("21");
            assertThat(resultA.performance().orElseThrow().queriesIssued()).isEqualTo(21);
            assertThat(a.run.errors())
                    .containsExactly("error_invalid_config"
                            + " \"Multiple conf files are used. This is not valid for official submission.\"");

            assertThat(b.run.value("requested_qsl_rng_seed")).isEqualTo("31");
            assertThat(b.run.value("requested_min_query_count")).isEqualTo("41");
            assertThat(resultB.performance().orElseThrow().queriesIssued()).isEqualTo(41);
            assertThat(b.run.errors())
                    .as("b's first user.conf is its own first")
                    .isEmpty();
            assertThat(b.run.value("requested_single_stream_expected_latency_ns"))
                    .as("b's user.conf applied after b's mlperf.conf")
                    .isEqualTo("2e+06");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void configFilesAreAFreshProcessEveryTime() throws IOException {
        Path round = write("round.conf", "*.*.qsl_rng_seed = 7", "*.Server.min_duration = 1234");
        Path userConf = write("user.conf", "*.Server.target_qps = 3");
        ConfigFiles files = new ConfigFiles(round, userConf, "m", "Server");
        for (int i = 0; i < 2; i++) {
            TestSettings s = new TestSettings();
            ConfigFiles.Report report = files.applyTo(s);
            assertThat(report.ok()).isTrue();
            assertThat(report.diagnostics())
                    .as("never 'Multiple conf files' across calls")
                    .isEmpty();
            assertThat(s.qslRngSeed).isEqualTo(7);
            assertThat(s.minDurationMs).isEqualTo(1234);
            assertThat(s.serverTargetQps).isEqualTo(3.0);
        }
        TestSettings embedded = new TestSettings();
        assertThat(new ConfigFiles(null, null, "m", "Server").applyTo(embedded).ok())
                .isTrue();
        assertThat(embedded.qslRngSeed).isEqualTo(Run.QSL_SEED);
    }

    @Test
    void reportSummarisesTheProblems() throws IOException {
        Path bad = write("bad.conf", "oops", "x y z", "*.*.max_query_count = 9 # no");
        TestSettings s = new TestSettings();
        ConfigFiles.Report report = new ConfigFiles(null, bad, "m", "SingleStream").applyTo(s);
        assertThat(report.status()).isEqualTo(ConfigStatus.INVALID);
        assertThat(report.summary()).isEqualTo("expected 'key=value', line=2 (and 1 more)");
        assertThat(s.configDiagnostics()).isEqualTo(report.diagnostics());
        Path missing = dir.resolve("missing.conf");
        ConfigFiles.Report notFound = new ConfigFiles(null, missing, "m", "SingleStream").applyTo(new TestSettings());
        assertThat(notFound.status()).isEqualTo(ConfigStatus.FILE_NOT_FOUND);
        assertThat(notFound.summary()).isEqualTo("can't open file " + missing);
    }

    /** One configuration: its own context, settings and virtual-clock LoadGen. */
    private final class Config {
        final ConfigContext context;
        final Run run;

        Config(String name, Path mlperfConf) throws IOException {
            this.context = new ConfigContext(mlperfConf);
            this.run = new Run(Files.createDirectory(dir.resolve(name)));
            run.settings.scenario = Scenario.SINGLE_STREAM;
            run.settings.minDurationMs = 0;
        }

        ConfigStatus load(Path userConf) {
            return run.settings.fromConfig(context, userConf, "m", "SingleStream");
        }

        TestResult start() {
            return run.start(run.sut(1_000_000), new RecordingQsl(100, 64));
        }
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    private static void await(CyclicBarrier step) throws Exception {
        step.await(STEP_TIMEOUT_S, TimeUnit.SECONDS);
    }
}
