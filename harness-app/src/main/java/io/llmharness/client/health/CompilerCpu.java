package io.llmharness.client.health;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * CPU time the JIT compiler threads used so far: on Linux read from {@code /proc/self/task/<tid>/stat} of the
 * threads named {@code C1 CompilerThread…} / {@code C2 CompilerThread…} (10 ms resolution), elsewhere the JVM's
 * accumulated compilation time (wall time of finished compilations). The JVM hides its compiler threads from
 * {@code ThreadMXBean}, hence {@code /proc}. Not thread-safe: one instance per reader.
 */
public final class CompilerCpu {

    /** This JVM's threads as Linux shows them. */
    static final Path TASKS = Path.of("/proc/self/task");

    private static final long NS_PER_TICK = 10_000_000L; // USER_HZ = 100 on every Linux the JDK supports

    private final Set<String> compilers = new HashSet<>();
    private final Set<String> others = new HashSet<>();
    private final boolean proc = Files.isDirectory(TASKS);

    /** Compiler CPU time so far, ns; -1 when the platform tells neither. */
    public long nanos() {
        if (proc) {
            long ns = fromProc();
            if (ns >= 0) {
                return ns;
            }
        }
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        return c != null && c.isCompilationTimeMonitoringSupported() ? c.getTotalCompilationTime() * 1_000_000L : -1;
    }

    private long fromProc() {
        long ticks = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String tid = task.getFileName().toString();
                if (others.contains(tid)) {
                    continue;
                }
                if (!compilers.contains(tid)) {
                    if (!compilerThread(task)) {
                        others.add(tid);
                        continue;
                    }
                    compilers.add(tid);
                }
                ticks += cpuTicks(read(task.resolve("stat")));
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return ticks * NS_PER_TICK;
    }

    /**
     * The compiler CPU of a span of work: {@link #start} at its beginning, {@link Span#ms} at its end (what a warm
     * start reports as {@code jit_ms}).
     */
    public static Span start() {
        return new Span(new CompilerCpu());
    }

    /** The compiler CPU since {@link #start}. */
    public static final class Span {
        private final CompilerCpu cpu;
        private final long startNs;

        private Span(CompilerCpu cpu) {
            this.cpu = cpu;
            this.startNs = cpu.nanos();
        }

        /** Compiler CPU since the span started, ms; -1 when the platform tells neither reading. */
        public long ms() {
            long now = cpu.nanos();
            return startNs < 0 || now < 0 ? -1 : (now - startNs) / 1_000_000L;
        }
    }

    /**
     * Whether the thread of a {@code /proc/.../task/<tid>} folder is a JIT compiler thread: its {@code comm} is
     * {@code C1 CompilerThread<n>} or {@code C2 CompilerThread<n>}, cut by the kernel to 15 characters.
     */
    static boolean compilerThread(Path task) throws IOException {
        return read(task.resolve("comm")).contains("CompilerThre");
    }

    /** The fields of a {@code stat} line from field 3 (state) on; the name in parentheses may hold spaces. */
    static String[] statFields(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
    }

    /** utime + stime (fields 14 and 15) of a {@code stat} line. */
    static long cpuTicks(String stat) {
        String[] f = statFields(stat);
        // f[0] is field 3 (state): utime is field 14 → f[11], stime field 15 → f[12]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** The nice value (field 19) of a {@code stat} line. */
    static int nice(String stat) {
        return Integer.parseInt(statFields(stat)[16]);
    }

    static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.US_ASCII);
    }
}
