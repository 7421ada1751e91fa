package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./harness loadgen} as a user runs it: a separate process through the launcher script. Tagged
 * {@code launcher}: the build runs it after {@code package}, so the launcher finds a fresh jar.
 */
@Tag("slow")
@Tag("launcher")
class HarnessScriptTest {

    @TempDir
    Path dir;

    record Proc(int exit, String out, String err) {}

    private static Proc harness(Path workDir, String... args) throws IOException, InterruptedException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> cmd = new ArrayList<>(List.of(root.resolve("harness").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectOutput(workDir.resolve("stdout.txt").toFile())
                .redirectError(workDir.resolve("stderr.txt").toFile())
                .start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        return new Proc(
                p.exitValue(),
                Files.readString(workDir.resolve("stdout.txt"), StandardCharsets.UTF_8),
                Files.readString(workDir.resolve("stderr.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void offlineAndServerRunsThroughTheLauncher() throws Exception {
        Path off = dir.resolve("offline");
        Proc o = harness(
                dir,
                "loadgen",
                "--scenario",
                "Offline",
                "--total-samples",
                "1000",
                "--performance-samples",
                "500",
                "--set",
                "min_duration_ms=200",
                "--set",
                "offline_expected_qps=5000",
                "--sut-service-us",
                "250",
                "--output-dir",
                off.toString());
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains("Result is : VALID");
        for (String f : List.of(
                "mlperf_log_summary.txt",
                "mlperf_log_detail.txt",
                "mlperf_log_accuracy.json",
                "mlperf_log_trace.json",
                "issued_samples.tsv",
                "qsl_load_calls.txt")) {
            assertThat(off.resolve(f)).exists();
        }
        assertThat(Files.readAllLines(off.resolve("issued_samples.tsv"))).hasSize(1 + 1100);

        Path acc = dir.resolve("server-acc");
        Proc a = harness(
                dir,
                "loadgen",
                "--scenario",
                "Server",
                "--mode",
                "AccuracyOnly",
                "--total-samples",
                "300",
                "--performance-samples",
                "300",
                "--set",
                "server_target_qps=3000",
                "--output-dir",
                acc.toString());
        assertThat(a.exit()).as(a.err()).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(acc.resolve("mlperf_log_accuracy.json")).split("\n"))
                .hasSize(302);
    }

    @Test
    void exitCodesThroughTheLauncher() throws Exception {
        Proc invalid = harness(
                dir,
                "loadgen",
                "--scenario",
                "SingleStream",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--set",
                "min_duration_ms=0",
                "--set",
                "min_query_count=12",
                "--output-dir",
                dir.resolve("ss").toString());
        assertThat(invalid.exit()).isEqualTo(ExitCodes.RESULT_INVALID);
        Path conf = dir.resolve("user.conf");
        Files.writeString(conf, "*.*.min_query_count=3 extra\n");
        Proc badConf = harness(
                dir,
                "loadgen",
                "--scenario",
                "Server",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--user-conf",
                conf.toString(),
                "--model",
                "m",
                "--output-dir",
                dir.resolve("bad").toString());
        assertThat(badConf.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(badConf.err().strip()).startsWith("harness: --user-conf").doesNotContain("\n");
        Proc usage = harness(dir, "loadgen", "--scenario", "Server", "--total-samples", "10");
        assertThat(usage.exit()).isEqualTo(ExitCodes.USAGE);
    }
}
