package io.llmharness.client.health;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether the JIT compiler threads used at most {@link #IDLE_NS_PER_S} of CPU over the last second, sampled every
 * 100 ms from its own thread ({@link CompilerCpu}): how a warm-up knows that the code it exercises is compiled.
 */
public final class JitWatch implements AutoCloseable {

    /** Compiler CPU per second at or below which the JIT counts as idle, ns. */
    public static final long IDLE_NS_PER_S = 50_000_000L;

    /**
     * Requests a warm-up sends before an idle JIT may end it. An idle compiler is not enough: HotSpot takes a method
     * from profiled C1 code up to C2 after about 5,000 calls, a threshold it multiplies by the length of the C2 queue
     * (its load feedback). During a warm-up that queue is long, so the methods called once per request (the
     * client's dispatch and completion, LoadGen's completion) stay in C1 code; once the queue drains they cross
     * the plain threshold on their next calls, and C2 compiles them, for hundreds of ms each, in the measured
     * window. A loaded 1-core run showed it: those methods reached C2 3-10 s into the window after a warm-up of
     * 9,400 requests that ended by an idle JIT. With 20,000 they have passed it before. A warm-up that cannot send
     * that many quickly (a slow server) settles after {@link #SETTLE_TIME} instead: at such rates what the compiler
     * takes from the window is small.
     */
    public static final long SETTLE_REQUESTS = 20_000;

    /** How long a warm-up that has not sent {@link #SETTLE_REQUESTS} yet runs before an idle JIT may end it. */
    public static final Duration SETTLE_TIME = Duration.ofSeconds(5);

    /**
     * Whether a warm-up may end because the JIT is idle: it ran at least {@code minNs} and either sent {@link
     * #SETTLE_REQUESTS} or ran {@link #SETTLE_TIME}, and the compiler threads were idle over the last second.
     */
    public static boolean settled(long elapsedNs, long minNs, long requests, boolean idle) {
        return idle && elapsedNs >= minNs && (requests >= SETTLE_REQUESTS || elapsedNs >= SETTLE_TIME.toNanos());
    }

    private final CompilerCpu cpu = new CompilerCpu();
    private final ArrayDeque<long[]> recent = new ArrayDeque<>(); // (time, compiler CPU)
    private final Thread thread;
    private volatile boolean idle;
    private volatile boolean closed;

    /** Starts watching (a daemon thread); close to stop. */
    public JitWatch() {
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
            idle = c >= 0 && now - first[0] >= 900_000_000L && c - first[1] <= IDLE_NS_PER_S;
        }
    }

    /** Whether the compiler threads were idle over the last second (false during the first 0.9 s). */
    public boolean idle() {
        return idle;
    }

    /** Stops the watching thread. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
