package io.llmharness.client.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link JitPriority} for real, in a child JVM (never in this one: a raised nice value cannot be lowered back): the
 * child lowers its JIT compiler threads, and this test reads the nice value (field 19 of {@code stat}) of each of
 * the child's threads from {@code /proc/<pid>/task}. The compiler threads are at the value asked for; every other
 * thread, the one {@code main} runs on among them, keeps the nice value the child started with (this thread's: the test may itself
 * run under {@code nice}).
 */
class JitPriorityChildTest {

    private static final long WAIT_S = 120;

    @Test
    void theChildsCompilerThreadsAndOnlyThoseAreLowered() throws Exception {
        assumeTrue(
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"),
                "renicing single threads is Linux-only");
        assumeTrue(onPath("renice"), "no renice on the PATH");
        int base = CompilerCpu.nice(Files.readString(Path.of("/proc/thread-self/stat")));
        assumeTrue(base < JitPriority.MAX_NICE, "this thread runs at nice " + base + ": nothing left to lower");
        int wanted = Math.min(JitPriority.MAX_NICE, base + 3);

        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        JitPriorityChild.class.getName(),
                        Integer.toString(wanted))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            List<String> said =
                    CompletableFuture.supplyAsync(() -> untilReady(out)).get(WAIT_S, TimeUnit.SECONDS);
            assertThat(said).last().isEqualTo("ready");
            assertThat(said.get(0)).startsWith("outcome ").contains("problem=null");
            String main = said.get(1).substring("main ".length());

            Map<String, Integer> compilers = new LinkedHashMap<>();
            Map<String, Integer> others = new LinkedHashMap<>();
            Path tasks = Path.of("/proc", Long.toString(child.pid()), "task");
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
                for (Path task : dir) {
                    String comm;
                    int nice;
                    try {
                        comm = Files.readString(task.resolve("comm")).strip();
                        nice = CompilerCpu.nice(Files.readString(task.resolve("stat")));
                    } catch (IOException e) {
                        continue; // a thread that ended meanwhile
                    }
                    (CompilerCpu.compilerThread(task) ? compilers : others).put(task.getFileName() + " " + comm, nice);
                }
            }
            assertThat(compilers).as("the child's compiler threads").isNotEmpty();
            assertThat(compilers.values()).as("compiler threads %s", compilers).containsOnly(wanted);
            assertThat(others.keySet()).as("the child's other threads").anyMatch(k -> k.startsWith(main + " "));
            assertThat(others.values()).as("other threads %s", others).containsOnly(base);
        } finally {
            child.getOutputStream().close();
            if (!child.waitFor(WAIT_S, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
    }

    private static List<String> untilReady(BufferedReader out) {
        List<String> lines = new ArrayList<>();
        try {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
                if (line.equals("ready")) {
                    break;
                }
            }
        } catch (IOException e) {
            lines.add("error " + e);
        }
        return lines;
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
