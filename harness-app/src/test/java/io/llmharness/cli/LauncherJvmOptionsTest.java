package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The JVM options the launcher adds ({@code scripts/jvm-options.sh}): a young generation of 1/16 of the memory (at
 * most 1 GiB) where there is the memory for it, nothing on a small machine, and nothing when the user sets the heap
 * or the collector — and through {@code ./harness}, {@code JAVA_OPTS} wins.
 */
class LauncherJvmOptionsTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final long GIB_KIB = 1024L * 1024;

    @Test
    void aLargeMachineGetsAOneGibYoungGeneration() throws Exception {
        assertThat(youngGen(24 * GIB_KIB, "")).isEqualTo("-Xmn1024m");
        assertThat(youngGen(256 * GIB_KIB, "-Dfoo=bar")).isEqualTo("-Xmn1024m");
    }

    @Test
    void aSmallerMachineGetsASixteenthOfItsMemory() throws Exception {
        assertThat(youngGen(8 * GIB_KIB, "")).isEqualTo("-Xmn512m");
        assertThat(youngGen(4 * GIB_KIB, "")).isEqualTo("-Xmn256m");
    }

    @Test
    void belowFourGibTheJvmKeepsItsDefaults() throws Exception {
        assertThat(youngGen(4 * GIB_KIB - 1024, "")).isEmpty();
        assertThat(youngGen(1 * GIB_KIB, "")).isEmpty();
        assertThat(youngGen(0, "")).isEmpty();
    }

    @Test
    void theUsersHeapOrCollectorChoiceIsLeftAlone() throws Exception {
        for (String user : List.of(
                "-Xmn300m",
                "-Xmx2g",
                "-Xms4g",
                "-XX:MaxNewSize=64m",
                "-XX:NewRatio=3",
                "-XX:MaxRAMPercentage=75",
                "-XX:+UseZGC",
                "-Dx=1 -XX:+UseParallelGC -Dy=2")) {
            assertThat(youngGen(24 * GIB_KIB, user)).as(user).isEmpty();
        }
    }

    @Test
    void theMetaspaceThresholdIsRaisedUnlessTheUserSetsIt() throws Exception {
        assertThat(bash(". scripts/jvm-options.sh; harness_metaspace_option \"$USER_OPTS\"", Map.of("USER_OPTS", "")))
                .isEqualTo("-XX:MetaspaceSize=128m");
        assertThat(bash(
                        ". scripts/jvm-options.sh; harness_metaspace_option \"$USER_OPTS\"",
                        Map.of("USER_OPTS", "-Xmx2g -XX:MetaspaceSize=64m")))
                .isEmpty();
        assertThat(bash(". scripts/jvm-options.sh; harness_jvm_options", Map.of("JAVA_OPTS", "-XX:MetaspaceSize=64m")))
                .doesNotContain("MetaspaceSize");
    }

    /** Through the launcher: its young generation reaches the JVM, and {@code JAVA_OPTS} overrides it. */
    @Test
    @Tag("launcher")
    void theLauncherPassesItsOptionsAndJavaOptsWins() throws Exception {
        String expected =
                bash(". scripts/jvm-options.sh; harness_young_gen_option \"$(harness_memory_kib)\" ''", Map.of());
        String flags = bash("./harness --version", Map.of("JAVA_OPTS", "-XX:+PrintCommandLineFlags"));
        assertThat(flags).contains("-XX:MetaspaceSize=134217728");
        if (expected.isEmpty()) {
            assertThat(flags).doesNotContain("-XX:NewSize=");
        } else {
            long mib = Long.parseLong(expected.replaceAll("\\D", ""));
            assertThat(newSize(flags)).isEqualTo(mib * 1024 * 1024);
        }
        String overridden = bash("./harness --version", Map.of("JAVA_OPTS", "-XX:+PrintCommandLineFlags -Xmn300m"));
        assertThat(newSize(overridden)).isEqualTo(300L * 1024 * 1024);
    }

    private static long newSize(String flags) {
        Matcher m = Pattern.compile("-XX:NewSize=(\\d+)").matcher(flags);
        assertThat(m.find()).as(flags).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static String youngGen(long memKib, String userOptions) throws Exception {
        return bash(
                ". scripts/jvm-options.sh; harness_young_gen_option \"$MEM\" \"$USER_OPTS\"",
                Map.of("MEM", Long.toString(memKib), "USER_OPTS", userOptions));
    }

    private static String bash(String script, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script)
                .directory(ROOT.toFile())
                .redirectErrorStream(true);
        pb.environment().remove("JAVA_OPTS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
