package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.testing.DemoVerdicts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, {@code ./harness demo}, as a new user runs it: a separate process through the
 * launcher script. Tagged {@code launcher}: the build runs it after {@code package}.
 */
@Tag("slow")
@Tag("launcher")
class DemoScriptTest {

    @TempDir
    Path dir;

    @Test
    void demoThroughTheLauncherIsValidTwiceWellUnderTwoMinutes() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        long start = System.nanoTime();
        Process p = new ProcessBuilder(List.of(
                        root.resolve("harness").toString(),
                        "demo",
                        "--output-dir",
                        dir.resolve("runs").toString()))
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        double seconds = (System.nanoTime() - start) / 1e9;
        String out = Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        String err = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        DemoVerdicts.check(p.exitValue(), out + err);
        assertThat(err).doesNotContain("Exception", "\tat ", "netty");
        if (DemoVerdicts.keptUp(out)) {
            assertThat(seconds).as("wall time of ./harness demo").isLessThan(120);
        }
        List<String> lines = out.strip().lines().toList();
        String last = lines.get(lines.size() - 1);
        assertThat(last)
                .as("the demo ends with its report")
                .startsWith("Report: ")
                .endsWith("/report.html");
        assertThat(Path.of(last.substring("Report: ".length()))).isRegularFile();
    }
}
