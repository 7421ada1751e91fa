package io.llmharness.client.health;

import io.llmharness.client.engine.ClientCounters;
import io.llmharness.client.engine.LlmClient;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Samples the client's health over a measured window: start it right before the window, {@link #stop()} it right
 * after. Reusable by anything that drives an {@link LlmClient} (a LoadGen test, a workload stage).
 *
 * <pre>{@code
 * ClientSampler sampler = ClientSampler.start(client);
 * ... the measured window ...
 * ClientSamples samples = sampler.stop();
 * ClientHealth health = ClientHealth.evaluate(recordsOfTheWindow, samples, HealthThresholds.defaults());
 * }</pre>
 *
 * <p>One daemon thread posts a lag probe to every event loop each period (default 5 ms) and nothing else; GC pauses
 * come from the JVM's notifications, CPU and JIT time from the platform beans read at start and stop.
 */
public final class ClientSampler implements AutoCloseable {

    /** Default time between two lag probes of one loop. */
    public static final Duration DEFAULT_PERIOD = Duration.ofMillis(5);

    private final LlmClient client;
    private final long periodNs;
    private final List<LoopProbe> probes = new ArrayList<>();
    private final GcWatch gc = new GcWatch();
    private final Thread thread;
    private final long startNs;
    private final long cpuStartNs;
    private final CompilerCpu jit = new CompilerCpu();
    private final long jitStartNs;
    private final ClientCounters countersAtStart;
    private volatile boolean running = true;
    private ClientSamples result;

    private ClientSampler(LlmClient client, Duration period) {
        this.client = client;
        this.periodNs = Math.max(100_000L, period.toNanos());
        for (Executor loop : client.eventLoops()) {
            LoopProbe p = new LoopProbe(loop);
            p.markCpu(1000);
            probes.add(p);
        }
        this.countersAtStart = client.counters();
        this.cpuStartNs = processCpuNs();
        this.jitStartNs = jit.nanos();
        this.startNs = System.nanoTime();
        this.thread =
                Thread.ofPlatform().name("llm-harness-client-health").daemon().unstarted(this::loop);
        thread.start();
    }

    /** Starts sampling with the default period. */
    public static ClientSampler start(LlmClient client) {
        return new ClientSampler(client, DEFAULT_PERIOD);
    }

    /** Starts sampling, probing each event loop every {@code period}. */
    public static ClientSampler start(LlmClient client, Duration period) {
        return new ClientSampler(client, period);
    }

    private void loop() {
        while (running) {
            LockSupport.parkNanos(periodNs);
            for (LoopProbe p : probes) {
                p.post();
            }
        }
    }

    /** Stops sampling and returns what was seen. Idempotent: later calls return the same samples. */
    public synchronized ClientSamples stop() {
        if (result != null) {
            return result;
        }
        long windowNs = System.nanoTime() - startNs;
        long cpu = processCpuNs();
        long jitNs = jit.nanos();
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        gc.close();
        Histogram lags = new Histogram(3);
        double busy = Double.NaN;
        for (LoopProbe p : probes) {
            lags.add(p.takeLags());
            long b = p.busyNs();
            if (b >= 0 && windowNs > 0) {
                double share = Math.min(1.0, (double) b / windowNs);
                busy = Double.isNaN(busy) ? share : Math.max(busy, share);
            }
        }
        ClientCounters end = client.counters();
        result = new ClientSamples(
                windowNs,
                probes.size(),
                lags,
                busy,
                gc.pauses(),
                gc.totalMs(),
                gc.maxMs(),
                gc.collectors(),
                cpu < 0 || cpuStartNs < 0 ? -1 : cpu - cpuStartNs,
                Runtime.getRuntime().availableProcessors(),
                jitNs < 0 || jitStartNs < 0 ? -1 : (jitNs - jitStartNs) / 1_000_000L,
                countersAtStart.connectionsOpen(),
                Math.max(0, end.connectionsOpened() - countersAtStart.connectionsOpened()),
                Math.max(0, end.capWaits() - countersAtStart.capWaits()),
                end.inFlightCap(),
                end.capKind());
        return result;
    }

    @Override
    public void close() {
        stop();
    }

    private static long processCpuNs() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }
}
