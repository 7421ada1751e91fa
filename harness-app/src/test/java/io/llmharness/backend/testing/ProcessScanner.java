package io.llmharness.backend.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Test-side process scan over {@code /proc}, written independently of the product's tracking so it can
 * check it: finds live processes by an environment entry (every fixture process carries
 * {@code FAKE_TEST_ID=…}), by process group, or by a command-line fragment — including processes that were
 * reparented or started their own session. Reusable by end-to-end tests through the real fake launchers.
 */
public final class ProcessScanner {

    private static final Path PROC = Path.of("/proc");

    private ProcessScanner() {}

    /** Live (non-zombie) pids whose initial environment contains {@code entry} exactly. */
    public static List<Long> withEnv(String entry) {
        List<Long> out = new ArrayList<>();
        for (long pid : pids()) {
            if (alive(pid) && environ(pid).contains(entry)) {
                out.add(pid);
            }
        }
        return out;
    }

    /** Live pids whose process group is {@code pgid}. */
    public static List<Long> inGroup(long pgid) {
        List<Long> out = new ArrayList<>();
        for (long pid : pids()) {
            String[] f = statFields(pid);
            if (f != null && !f[0].equals("Z") && Long.parseLong(f[2]) == pgid) {
                out.add(pid);
            }
        }
        return out;
    }

    /** Live pids whose command line contains {@code fragment}. */
    public static List<Long> withCmdline(String fragment) {
        List<Long> out = new ArrayList<>();
        for (long pid : pids()) {
            if (alive(pid) && cmdline(pid).contains(fragment)) {
                out.add(pid);
            }
        }
        return out;
    }

    /** Waits until no live process carries {@code entry}; returns the pids still found at the deadline. */
    public static List<Long> awaitNoneWithEnv(String entry, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Long> left = withEnv(entry);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            sleep(100);
            left = withEnv(entry);
        }
        return left;
    }

    /** {@code pid: command line} for each pid, for assertion messages. */
    public static List<String> describe(List<Long> pids) {
        return pids.stream().map(p -> p + ": " + cmdline(p)).toList();
    }

    /** SIGKILLs the given pids (test cleanup when an assertion already failed). */
    public static void killAll(List<Long> pids) {
        pids.forEach(p -> ProcessHandle.of(p).ifPresent(ProcessHandle::destroyForcibly));
    }

    private static boolean alive(long pid) {
        String[] f = statFields(pid);
        return f != null && !f[0].equals("Z") && !f[0].equals("X");
    }

    /** Fields after the command name: state, ppid, pgrp, session, … */
    private static String[] statFields(long pid) {
        try {
            String s = Files.readString(PROC.resolve(pid + "/stat"));
            return s.substring(s.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The initial environment of a process as {@code NAME=value} entries (empty when unreadable). */
    public static List<String> environ(long pid) {
        try {
            String raw = new String(Files.readAllBytes(PROC.resolve(pid + "/environ")), StandardCharsets.UTF_8);
            return List.of(raw.split("\0"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(PROC.resolve(pid + "/cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ')
                    .strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static List<Long> pids() {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(PROC)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.chars().allMatch(Character::isDigit)) {
                    out.add(Long.parseLong(n));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return out;
    }

    /** Sleeps between polls; an interrupt (the test's timeout) ends the wait instead of being swallowed. */
    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while polling", e);
        }
    }
}
