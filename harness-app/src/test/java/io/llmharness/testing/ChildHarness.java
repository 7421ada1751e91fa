package io.llmharness.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code harness ARGS} ({@code io.llmharness.cli.Main}) in a child JVM on this test's class path, for tests that
 * signal or kill it. Its stdout and stderr lines are collected as they come; tests wait for a line (with a deadline)
 * instead of sleeping. {@link #close()} kills it if it is still running.
 */
public final class ChildHarness implements AutoCloseable {

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private ChildHarness(Process process) {
        this.process = process;
        reader = new Thread(this::readLines, "child-harness-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code harness ARGS} with the given extra environment. */
    public static ChildHarness start(Map<String, String> env, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "io.llmharness.cli.Main"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(withDefaultSignals(cmd)).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            return new ChildHarness(pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    /**
     * The command, started with SIGINT and SIGHUP at their default actions when this JVM ignores them. A suite started
     * in the background by a non-interactive shell, or under {@code nohup}, ignores them, and a child inherits that:
     * the JVM then installs no handler for an ignored shutdown signal, so SIGINT neither ran the harness's shutdown
     * hooks nor ended it (FakeLauncherSignalTest waited 60 s for an exit that never came). GNU env's
     * {@code --default-signal} resets them before the child starts; otherwise the command is left as it is.
     */
    public static List<String> withDefaultSignals(List<String> cmd) {
        if (!ignoresInterrupts()) {
            return cmd;
        }
        List<String> out = new ArrayList<>(List.of("env", "--default-signal=INT,HUP"));
        out.addAll(cmd);
        return out;
    }

    /** Whether this JVM ignores SIGINT or SIGHUP (the SigIgn mask in /proc/self/status, bits 1 and 2). */
    static boolean ignoresInterrupts() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("SigIgn:")) {
                    long mask = Long.parseUnsignedLong(
                            line.substring("SigIgn:".length()).strip(), 16);
                    return (mask & 0b11) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }

    /** Starts {@code harness ARGS}. */
    public static ChildHarness start(String... args) {
        return start(Map.of(), List.of(args));
    }

    private void readLines() {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            synchronized (lines) {
                lines.add("(reader: " + e + ")");
            }
        }
    }

    /** The lines printed so far. */
    public List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** The lines printed so far, one string, for assertion messages. */
    public String output() {
        return String.join("\n", lines());
    }

    /** Waits until a line contains {@code fragment}; returns that line, or fails with everything printed. */
    public String awaitLine(String fragment, Duration timeout) {
        await().atMost(timeout)
                .untilAsserted(() -> assertThat(lines())
                        .as("a line containing '%s'", fragment)
                        .anyMatch(l -> l.contains(fragment)));
        return lines().stream().filter(l -> l.contains(fragment)).findFirst().orElseThrow();
    }

    public long pid() {
        return process.pid();
    }

    /** Sends {@code SIG} (e.g. {@code INT}, {@code TERM}, {@code KILL}) to the child. */
    public void signal(String sig) {
        signal(process.pid(), sig);
    }

    /** Sends {@code SIG} to any process. */
    public static void signal(long pid, String sig) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start();
            assertThat(kill.waitFor(30, TimeUnit.SECONDS))
                    .as("kill -%s %d", sig, pid)
                    .isTrue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling " + pid, e);
        }
    }

    /**
     * Waits for the child to exit and for its last lines to be read (the exit can be seen before the reader has
     * drained the pipe); false when it is still running after {@code timeout}.
     */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        // A grandchild that inherited the pipe could keep it open; the lines the child wrote are read well before.
        reader.join(Duration.ofSeconds(30));
        return true;
    }

    public int exitValue() {
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
