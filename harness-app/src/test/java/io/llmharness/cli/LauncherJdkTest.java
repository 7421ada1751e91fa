package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./harness} launcher on a machine whose only Java is too old: one line that says what it found and
 * how to fix it, exit code 1, and no build attempt. The machine is simulated with a fake Java 17 first on PATH and
 * no JDK folders ({@code HARNESS_JDK_DIRS}).
 */
@Tag("launcher")
class LauncherJdkTest {

    @TempDir
    Path dir;

    @Test
    void withOnlyAnOldJavaTheLauncherSaysWhatToInstall() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path jdk = dir.resolve("old-jdk");
        Files.createDirectories(jdk.resolve("bin"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"17.0.2\"\n");
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"17.0.2\" 2022-01-18' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        ProcessBuilder pb = new ProcessBuilder(List.of(root.resolve("harness").toString(), "--version"))
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        Map<String, String> env = pb.environment();
        env.remove("JAVA_HOME");
        env.remove("HARNESS_JAVA_HOME");
        env.put("PATH", jdk.resolve("bin") + ":/usr/bin:/bin");
        env.put("HARNESS_JDK_DIRS", dir.resolve("no-jdks").toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        List<String> err = Files.readAllLines(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(String.join("\n", err)).isEqualTo(1);
        assertThat(err).hasSize(1);
        assertThat(err.get(0))
                .startsWith("harness: needs a JDK 21 or newer, found Java 17 at " + jdk)
                .contains("HARNESS_JAVA_HOME");
        assertThat(dir.resolve("stdout.txt")).isEmptyFile();
    }
}
