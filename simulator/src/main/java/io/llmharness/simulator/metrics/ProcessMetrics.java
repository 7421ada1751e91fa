package io.llmharness.simulator.metrics;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The families prometheus_client's default registry adds to every single-process Python server, in its order:
 * {@code python_gc_*}, {@code python_info}, then {@code process_*}. The values are this JVM's own (CPU time, memory
 * from {@code /proc/self/statm} where there is one, open descriptors, start time); the garbage-collector families
 * map the JVM's collectors onto Python's three generations. {@code python_info} claims CPython 3.12.
 */
final class ProcessMetrics {
    private static final long PAGE = 4096;

    private ProcessMetrics() {}

    static void write(PromWriter w) {
        long startMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        long young = gcs.isEmpty() ? 0 : Math.max(0, gcs.get(0).getCollectionCount());
        long old = 0;
        for (int i = 1; i < gcs.size(); i++) {
            old += Math.max(0, gcs.get(i).getCollectionCount());
        }
        long[] collections = {young, young / 10, old};
        w.family("python_gc_objects_collected_total", "counter", "Objects collected during gc");
        for (int g = 0; g < 3; g++) {
            w.sample("python_gc_objects_collected_total", collections[g] * 173L, "generation", Integer.toString(g));
        }
        w.family("python_gc_objects_uncollectable_total", "counter", "Uncollectable objects found during GC");
        for (int g = 0; g < 3; g++) {
            w.sample("python_gc_objects_uncollectable_total", 0, "generation", Integer.toString(g));
        }
        w.family("python_gc_collections_total", "counter", "Number of times this generation was collected");
        for (int g = 0; g < 3; g++) {
            w.sample("python_gc_collections_total", collections[g], "generation", Integer.toString(g));
        }
        w.family("python_info", "gauge", "Python platform information");
        w.sample(
                "python_info",
                1,
                "implementation",
                "CPython",
                "major",
                "3",
                "minor",
                "12",
                "patchlevel",
                "11",
                "version",
                "3.12.11");
        long[] statm = statm();
        Runtime rt = Runtime.getRuntime();
        long virtual = statm != null ? statm[0] * PAGE : rt.maxMemory();
        long resident = statm != null ? statm[1] * PAGE : rt.totalMemory();
        w.family("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.");
        w.sample("process_virtual_memory_bytes", virtual);
        w.family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
        w.sample("process_resident_memory_bytes", resident);
        w.family("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.");
        w.sample("process_start_time_seconds", Math.round(startMillis / 10.0) / 100.0);
        w.family("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.");
        w.sample("process_cpu_seconds_total", cpuSeconds());
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            w.family("process_open_fds", "gauge", "Number of open file descriptors.");
            w.sample("process_open_fds", unix.getOpenFileDescriptorCount());
            w.family("process_max_fds", "gauge", "Maximum number of open file descriptors.");
            w.sample("process_max_fds", unix.getMaxFileDescriptorCount());
        }
    }

    private static double cpuSeconds() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long nanos = sun.getProcessCpuTime();
            if (nanos >= 0) {
                return Math.round(nanos / 1e7) / 100.0;
            }
        }
        return 0;
    }

    /** Size and resident pages from {@code /proc/self/statm}, or null off Linux. */
    private static long[] statm() {
        Path p = Path.of("/proc/self/statm");
        try {
            String[] f = Files.readString(p, StandardCharsets.US_ASCII).trim().split(" ");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
