package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.llmharness.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose output disk fills: a 160 KB tmpfs holds LoadGen's logs and the request tables but not every chart
 * (skipped where this user cannot mount a tmpfs).
 */
@Tag("slow")
class DiskFullRunTest {

    @TempDir
    Path dir;

    private Path small;

    @BeforeEach
    void mountSmallDisk() throws Exception {
        small = Files.createDirectories(dir.resolve("small"));
        assumeTrue(
                run("mount", "-t", "tmpfs", "-o", "size=160k", "tmpfs", small.toString()) == 0,
                "mounting a tmpfs needs root");
    }

    @AfterEach
    void unmount() throws Exception {
        run("umount", small.toString());
    }

    private static int run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    @Test
    void aRunWhoseDiskFillsSaysSoInOneLineAndKeepsWhatItWroteWhole() throws Exception {
        Path data = RunFixture.dataset(dir, 64);
        Path conf = RunFixture.conf(
                dir, "user.conf", "llama3_1-8b.Offline.min_query_count = 256", "llama3_1-8b.Offline.min_duration = 0");
        RunFixture.Outcome o = RunFixture.harness(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                data.toString(),
                "--simulate",
                "--scenario",
                "Offline",
                "--user-conf",
                conf.toString(),
                "--progress",
                "off",
                "--history",
                "off",
                "--output-dir",
                small.toString());
        // the result first (it needs no disk), then one line naming the file and the free space, exit 1
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(o.out()).contains("Offline performance: Result is : ");
        List<String> errors = o.errorLines();
        assertThat(errors.get(errors.size() - 1))
                .matches("harness: cannot write " + Pattern.quote(small.toString())
                        + "/\\S+: No space left on device \\(\\d+ KB free on its disk\\)");
        assertThat(o.err()).doesNotContain("Exception", "\tat ");
        // what was written is whole: no temporary file left, every JSON parses, every chart is a whole PNG
        Path run = RunFixture.runDir(small);
        try (Stream<Path> s = Files.walk(run)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String name = f.getFileName().toString();
                assertThat(name).as("left-over temporary file").doesNotEndWith(".tmp");
                if (name.equals("summary.json")) {
                    assertThat(RunFixture.JSON.readTree(f.toFile()).has("metrics"))
                            .isTrue();
                }
                if (name.endsWith(".png")) {
                    byte[] b = Files.readAllBytes(f);
                    assertThat(new String(b, b.length - 8, 4, StandardCharsets.ISO_8859_1))
                            .as("%s ends with its IEND chunk", f)
                            .isEqualTo("IEND");
                }
                if (name.equals("report.html")) {
                    assertThat(Files.readString(f).strip()).endsWith("</html>");
                }
            }
        }
        assertThat(run.resolve("mlperf/mlperf_log_summary.txt")).exists();
    }
}
