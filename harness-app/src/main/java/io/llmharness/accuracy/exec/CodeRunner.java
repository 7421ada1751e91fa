package io.llmharness.accuracy.exec;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a generated program against its tests in a child process, as mxeval does for MBXP: the program is written to
 * a fresh temporary folder, compiled where the language needs it, and run with a wall-clock limit and an address-space
 * limit ({@code ulimit -v}); it passes when it exits with 0 in time. Tools are looked up on {@code PATH}. Thread-safe:
 * each run has its own folder.
 */
public final class CodeRunner {

    /** How one program ended. */
    public enum Outcome {
        PASSED,
        FAILED,
        TIMED_OUT
    }

    private final Duration timeout;
    private final long memoryKiB;
    private final List<Path> path;

    /**
     * @param timeout wall-clock limit per program (compile and run together); mxeval uses 20 s for MBXP
     * @param memoryBytes address-space limit of the program's process (not applied to node, whose heap reserves
     *     more address space than it uses; its heap is capped with {@code --max-old-space-size} instead)
     * @param env the environment whose {@code PATH} is searched
     */
    public CodeRunner(Duration timeout, long memoryBytes, Map<String, String> env) {
        this.timeout = timeout;
        this.memoryKiB = Math.max(1, memoryBytes / 1024);
        List<Path> p = new ArrayList<>();
        for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                p.add(Path.of(dir));
            }
        }
        this.path = List.copyOf(p);
    }

    /** The executable on PATH, if any. */
    public Optional<Path> which(String tool) {
        for (Path dir : path) {
            Path f = dir.resolve(tool);
            if (Files.isRegularFile(f) && Files.isExecutable(f)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The tools a language needs that are not on PATH (empty when it can run). */
    public List<String> missing(Language language) {
        return language.tools().stream().filter(t -> which(t).isEmpty()).toList();
    }

    /** Compiles (where needed) and runs {@code program}. */
    public Outcome run(Language language, String program) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("harness-exec-");
            Path source = dir.resolve(language.fileName());
            Files.writeString(source, program, StandardCharsets.UTF_8);
            long deadline = System.nanoTime() + timeout.toNanos();
            for (List<String> step : language.steps(source, dir)) {
                Outcome o = runStep(step, dir, deadline, language.limitMemory());
                if (o != Outcome.PASSED) {
                    return o;
                }
            }
            return Outcome.PASSED;
        } catch (IOException e) {
            return Outcome.FAILED;
        } finally {
            delete(dir);
        }
    }

    private Outcome runStep(List<String> command, Path dir, long deadline, boolean limitMemory) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (limitMemory) {
            cmd.addAll(List.of("sh", "-c", "ulimit -v " + memoryKiB + " && exec \"$@\"", "sh"));
        }
        cmd.addAll(command);
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("output.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        try {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
                kill(p);
                return Outcome.TIMED_OUT;
            }
            return p.exitValue() == 0 ? Outcome.PASSED : Outcome.FAILED;
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            return Outcome.FAILED;
        }
    }

    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
