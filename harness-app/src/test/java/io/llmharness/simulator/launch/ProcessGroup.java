package io.llmharness.simulator.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Linux process-group helpers for launcher tests: who is left in a group, and cleaning it up. */
final class ProcessGroup {
    private ProcessGroup() {}

    /** Process group id of a live process, or -1. */
    static long pgidOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(rest[2]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Live (non-zombie) processes whose process group is {@code pgid}. */
    static List<Long> members(long pgid) {
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (!rest[0].equals("Z") && Long.parseLong(rest[2]) == pgid) {
                        out.add(Long.parseLong(name));
                    }
                } catch (IOException | RuntimeException ignored) {
                    // the process went away while we looked
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    static String cmdline(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"))
                    .replace('\0', ' ')
                    .trim();
        } catch (IOException e) {
            return "";
        }
    }

    /** SIGKILLs every member of the group (test cleanup for deliberately orphaned workers). */
    static void kill(long pgid) {
        for (long pid : members(pgid)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Waits until the group is empty; returns what is still alive at the deadline. */
    static List<Long> awaitEmpty(long pgid, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        List<Long> left = members(pgid);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = members(pgid);
        }
        return left;
    }
}
