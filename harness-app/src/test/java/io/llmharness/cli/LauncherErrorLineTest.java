package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.testing.FreePort;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user mistake seen on the real stderr of {@code ./harness}, where library logging also lands: exactly one
 * line. (In-process tests capture only the command's own writers.)
 */
@Tag("launcher")
class LauncherErrorLineTest {

    @TempDir
    Path dir;

    @Test
    void anUnreachableServerIsOneLineOnStderr() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path data = dir.resolve("data.json");
        Files.writeString(data, "[{\"tok_input\": [1, 2, 3], \"output\": \"a\"}]");
        int port = FreePort.pick();
        Process p = new ProcessBuilder(List.of(
                        root.resolve("harness").toString(),
                        "run",
                        "--model-category",
                        "llama3.1-8b",
                        "--dataset-path",
                        data.toString(),
                        "--api-server-url",
                        "http://127.0.0.1:" + port,
                        "--output-dir",
                        dir.resolve("out").toString()))
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        List<String> err = Files.readAllLines(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(String.join("\n", err)).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(err).hasSize(1);
        assertThat(err.get(0)).startsWith("harness: cannot reach the server at http://127.0.0.1:" + port);
    }
}
