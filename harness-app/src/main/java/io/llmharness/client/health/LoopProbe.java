package io.llmharness.client.health;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Executor;
import org.HdrHistogram.Recorder;

/**
 * Measures one event loop's lag: a probe posted from the sampler thread records how long it waited before the loop
 * ran it (a loop busy with a burst of reads, stalled by GC or descheduled by the OS shows it at once). One probe at
 * a time: a new one is only posted once the previous one ran, so a stalled loop gets one long sample, not a pile.
 * Also reads the loop thread's CPU time, to tell how busy the loop was.
 */
final class LoopProbe {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Executor loop;
    private final Recorder lags = new Recorder(3);
    private final Runnable probe = this::ran;
    private volatile long postedNs;
    private volatile boolean pending;
    private volatile long threadId = -1;
    private long cpuStartNs = -1;

    LoopProbe(Executor loop) {
        this.loop = loop;
    }

    /** Posts a probe unless the previous one is still waiting. Sampler thread. */
    void post() {
        if (pending) {
            return;
        }
        pending = true;
        postedNs = System.nanoTime();
        loop.execute(probe);
    }

    private void ran() {
        lags.recordValue(Math.max(0, System.nanoTime() - postedNs));
        pending = false;
    }

    /** Lags recorded since the last call (ns). */
    org.HdrHistogram.Histogram takeLags() {
        return lags.getIntervalHistogram();
    }

    /** The loop thread's CPU time now, ns, or -1 when unknown (thread not seen yet, or not supported). */
    long cpuNs() {
        long id = threadId;
        if (id < 0 || !THREADS.isThreadCpuTimeSupported()) {
            return -1;
        }
        return THREADS.getThreadCpuTime(id);
    }

    /** Learns the loop's thread (waits up to {@code timeoutMs}), then marks the start of the window for {@link #busyNs()}. */
    void markCpu(long timeoutMs) {
        java.util.concurrent.CountDownLatch seen = new java.util.concurrent.CountDownLatch(1);
        loop.execute(() -> {
            threadId = Thread.currentThread().threadId();
            seen.countDown();
        });
        try {
            seen.await(timeoutMs, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        cpuStartNs = cpuNs();
    }

    /** CPU time of the loop thread since {@link #markCpu()}, or -1 when unknown. */
    long busyNs() {
        long now = cpuNs();
        return now < 0 || cpuStartNs < 0 ? -1 : now - cpuStartNs;
    }
}
