package io.llmharness.backend.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the Linux process table from {@code /proc}: parent, process group, session and start time of every
 * process, and whether a process's initial environment holds a given entry. Processes of other users whose
 * details cannot be read are skipped. On systems without {@code /proc} every query returns nothing.
 */
public final class ProcTable {

    private static final Path PROC = Path.of("/proc");

    private ProcTable() {}

    /**
     * One process.
     *
     * @param pid process id
     * @param ppid parent process id (1 or a subreaper once the parent died)
     * @param pgid process group id
     * @param sid session id
     * @param state state letter from {@code /proc/PID/stat} ({@code Z} = zombie)
     * @param startTicks start time in clock ticks since boot; with the pid it identifies the process
     * @param comm the command name (at most 15 characters)
     */
    public record Proc(long pid, long ppid, long pgid, long sid, char state, long startTicks, String comm) {

        /** Whether the process still runs (zombies and dead entries hold no resources). */
        public boolean alive() {
            return state != 'Z' && state != 'X';
        }

        @Override
        public String toString() {
            return pid + " (" + comm + ", ppid " + ppid + ", pgid " + pgid + ")";
        }
    }

    /** Whether {@code /proc} can be read on this machine. */
    public static boolean available() {
        return Files.isReadable(PROC.resolve("self/stat"));
    }

    /** Reads one process, if it exists. */
    public static Optional<Proc> read(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(pid + "/stat"), StandardCharsets.UTF_8);
            return Optional.of(parseStat(stat));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Every process that could be read. */
    public static List<Proc> snapshot() {
        List<Proc> out = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return out;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC)) {
            for (Path d : dirs) {
                String name = d.getFileName().toString();
                if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
                    read(Long.parseLong(name)).ifPresent(out::add);
                }
            }
        } catch (IOException e) {
            // /proc vanished or is unreadable: report what was read
        }
        return out;
    }

    /** Parses the content of {@code /proc/PID/stat}; the command name may contain spaces and parentheses. */
    static Proc parseStat(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        long pid = Long.parseLong(stat.substring(0, open).trim());
        String comm = stat.substring(open + 1, close);
        String[] f = stat.substring(close + 2).trim().split(" ");
        // After the name: state(0) ppid(1) pgrp(2) session(3) … starttime(19)
        return new Proc(
                pid,
                Long.parseLong(f[1]),
                Long.parseLong(f[2]),
                Long.parseLong(f[3]),
                f[0].charAt(0),
                Long.parseLong(f[19]),
                comm);
    }

    /** Whether the process's initial environment contains exactly {@code entry} ({@code NAME=value}). */
    public static boolean environContains(long pid, String entry) {
        byte[] env;
        try {
            env = Files.readAllBytes(PROC.resolve(pid + "/environ"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        byte[] want = entry.getBytes(StandardCharsets.UTF_8);
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start == want.length && regionEquals(env, start, want)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /** The command line with arguments separated by spaces, or an empty string. */
    public static String cmdline(long pid) {
        try {
            byte[] raw = Files.readAllBytes(PROC.resolve(pid + "/cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static boolean regionEquals(byte[] a, int from, byte[] b) {
        for (int j = 0; j < b.length; j++) {
            if (a[from + j] != b[j]) {
                return false;
            }
        }
        return true;
    }
}
