package io.llmharness.run;

import io.llmharness.client.health.CompilerCpu;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether the JIT compiler threads used at most {@link WarmStart#IDLE_JIT_NS_PER_S} of CPU over the last second,
 * sampled every 100 ms from its own thread ({@link CompilerCpu}).
 */
final class JitWatch implements AutoCloseable {
    private final CompilerCpu cpu = new CompilerCpu();
    private final ArrayDeque<long[]> recent = new ArrayDeque<>(); // (time, compiler CPU)
    private final Thread thread;
    private volatile boolean idle;
    private volatile boolean closed;

    JitWatch() {
        thread = Thread.ofPlatform().name("llm-harness-jit-watch").daemon().start(this::watch);
    }

    private void watch() {
        while (!closed) {
            LockSupport.parkNanos(100_000_000L);
            long now = System.nanoTime();
            long c = cpu.nanos();
            recent.addLast(new long[] {now, c});
            while (recent.size() > 1 && now - recent.peekFirst()[0] > 1_000_000_000L) {
                recent.removeFirst();
            }
            long[] first = recent.peekFirst();
            idle = c >= 0 && now - first[0] >= 900_000_000L && c - first[1] <= WarmStart.IDLE_JIT_NS_PER_S;
        }
    }

    boolean idle() {
        return idle;
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
