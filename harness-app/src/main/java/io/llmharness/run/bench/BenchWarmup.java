package io.llmharness.run.bench;

import io.llmharness.client.Prompt;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.health.CompilerCpu;
import io.llmharness.client.health.HeapSettle;
import io.llmharness.client.health.JitPriority;
import io.llmharness.client.health.JitWatch;
import io.llmharness.client.health.WarmUpEnd;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.clock.Wakeup;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.trace.ReplayPlan;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The warm start of a bench run, before its first stage: a closed loop of short unreported requests, at most
 * {@link #IN_FLIGHT} in flight, until the JIT compiler threads have been idle for a second ({@link JitWatch}, after at
 * least {@link #MIN_TIME}, and {@link JitWatch#SETTLE_REQUESTS} requests or {@link JitWatch#SETTLE_TIME}) or {@code --warmup-seconds} have passed, then {@link #PROBE} requests one at a time, which
 * measure the server's unloaded latency; at least {@code --warmup-requests} in all. Then the client's pool is filled
 * with the connections the first stage will need ({@link #targetConnections}) and what the warm-up recorded is
 * forgotten.
 *
 * <p>Why until the JIT is idle rather than a fixed handful of requests: on one or two cores the compiler needs
 * seconds of CPU to compile the request path, and whatever it has not compiled before the first stage it compiles in
 * the first stage's seconds, beside the client and the server. A bursty trace replayed on a client warmed with 8
 * requests showed it: its lag p50 was 35-62 ms in the first four seconds and under 2 ms after. With {@code
 * --warmup-seconds 0} the warm-up is the {@code --warmup-requests} alone, as before.
 *
 * <p>Once it has ended by an idle JIT, the compiler threads get nice {@code --jit-nice} ({@link JitPriority}): what
 * they still compile during the stages runs in CPU time the client leaves idle. After a warm-up that ended otherwise
 * (none, its time limit, the requests alone) the JIT has not settled and keeps its priority. Last, a warm-up that
 * sent anything ends with one full collection ({@link HeapSettle}): the first stage's first young pause then copies
 * only the stage's own survivors, not the warm-up's.
 */
final class BenchWarmup {

    /** Most warm-up requests in flight at once. */
    static final int IN_FLIGHT = 32;

    /** Shortest warm-up that may end because the JIT is idle. */
    static final Duration MIN_TIME = Duration.ofSeconds(1);

    /** Connections per server prepared when no warm-up measured a request's time. */
    static final int DEFAULT_CONNECTIONS = 8;

    /** Warm-up requests sent one at a time at the end, whose median time is the server's unloaded latency. */
    static final int PROBE = 8;

    /** Output tokens of a warm-up request. */
    static final int TOKENS = 8;

    /**
     * What the warm start did.
     *
     * @param requests warm-up requests that ended
     * @param ok those that succeeded
     * @param tookNs wall time of the warm-up requests
     * @param endedBy {@code jit-idle}, {@code time-limit}, {@code requests} (the requests alone, no time given),
     *     {@code stopped} or {@code off} (no warm-up)
     * @param jitMs CPU of the JIT compiler threads during the warm-up, ms (-1 unknown or no warm-up)
     * @param connectionsTarget connections per server the first stage is expected to need
     * @param connectionsOpened connections opened to reach it
     * @param connectNs time spent opening them
     * @param end what the steps after the warm-up did: the JIT threads lowered, the heap collected
     */
    record Report(
            long requests,
            long ok,
            long tookNs,
            String endedBy,
            long jitMs,
            int connectionsTarget,
            int connectionsOpened,
            long connectNs,
            WarmUpEnd end) {

        static final Report NONE = new Report(0, 0, 0, "off", -1, 0, 0, 0, WarmUpEnd.NONE);

        /** The {@code client_health.warm_up} object of summary.json. */
        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("requests", requests);
            m.put("succeeded", ok);
            m.put("duration_s", tookNs / 1e9);
            m.put("ended_by", endedBy);
            m.put("jit_ms", jitMs);
            end.putInto(m);
            m.put("connections_target", connectionsTarget);
            m.put("connections_opened", connectionsOpened);
            m.put("connect_ms", connectNs / 1e6);
            return m;
        }

        /** The line the terminal and harness.log get. */
        String line() {
            String jit = jitMs < 0 ? "" : String.format(Locale.ROOT, ", JIT CPU %d ms", jitMs);
            return String.format(
                    Locale.ROOT,
                    "warm start: %d warm-up requests (%d ok) in %.1f s, ended by %s%s;"
                            + " %d connections per server prepared (%d opened in %.1f ms)%s",
                    requests,
                    ok,
                    tookNs / 1e9,
                    endedBy,
                    jit,
                    connectionsTarget,
                    connectionsOpened,
                    connectNs / 1e6,
                    end.lineSuffix());
        }
    }

    /** Whether the JIT compiler is idle; closed when the warm-up ends. */
    interface JitIdle extends AutoCloseable {
        boolean idle();

        @Override
        void close();
    }

    /** The JIT compiler threads' own CPU ({@link JitWatch}). */
    static JitIdle watchJit() {
        JitWatch w = new JitWatch();
        return new JitIdle() {
            @Override
            public boolean idle() {
                return w.idle();
            }

            @Override
            public void close() {
                w.close();
            }
        };
    }

    private final Clock clock;
    private final RequestSender sender;
    private final Supplier<JitIdle> jitIdle;
    private final boolean stream;
    private final BooleanSupplier stopped;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong ended = new AtomicLong();
    private final AtomicLong succeeded = new AtomicLong();
    private final long[] probe = new long[PROBE];
    private final AtomicInteger probed = new AtomicInteger();
    private volatile boolean probing;
    private final Wakeup wakeup = new Wakeup();
    private JitPriority jitPriority = JitPriority.system();
    private JitPriority.Request jitNice = JitPriority.Request.NONE;

    BenchWarmup(Clock clock, RequestSender sender, boolean stream, BooleanSupplier stopped, Supplier<JitIdle> jitIdle) {
        this.clock = clock;
        this.jitIdle = jitIdle;
        this.sender = sender;
        this.stream = stream;
        this.stopped = stopped;
    }

    /**
     * Lowers the JIT compiler threads to {@code nice} through {@code priority} once a warm-up has ended by an idle
     * JIT (default: {@link JitPriority.Request#NONE}, leave them alone).
     */
    BenchWarmup jitNice(JitPriority priority, JitPriority.Request nice) {
        this.jitPriority = priority;
        this.jitNice = nice;
        return this;
    }

    /**
     * Runs the warm-up, prepares the connections for {@code first} (null: no stage) and, after a warm-up that ended
     * by an idle JIT, lowers the JIT compiler threads ({@link #jitNice}).
     *
     * @param minRequests least number of warm-up requests (0: none, the pool is still filled)
     * @param maxTime longest warm-up (zero: exactly {@code minRequests} requests, however long they take)
     */
    Report run(int minRequests, Duration maxTime, Stage first) {
        long t0 = clock.nanoTime();
        String endedBy = "off";
        long jitMs = -1;
        if (minRequests > 0) {
            CompilerCpu.Span jit = CompilerCpu.start();
            int probes = Math.min(PROBE, minRequests);
            endedBy = loop(minRequests - probes, maxTime, t0);
            clock.await(() -> inFlight.get() == 0, wakeup);
            probe(probes, minRequests);
            jitMs = jit.ms();
        }
        long took = clock.nanoTime() - t0;
        int target = targetConnections(first, latencyNs());
        long c0 = clock.nanoTime();
        int opened = stopped.getAsBoolean() ? 0 : sender.prepareConnections(target);
        long connectNs = clock.nanoTime() - c0;
        if (!stopped.getAsBoolean()) {
            sender.forgetWarmup();
        }
        // last: the warm start is over and the first stage is next (the heap: only after a warm-up that sent something)
        WarmUpEnd end = stopped.getAsBoolean()
                ? WarmUpEnd.NONE
                : WarmUpEnd.after(jitPriority, jitNice, endedBy, ended.get() > 0);
        return new Report(ended.get(), succeeded.get(), took, endedBy, jitMs, target, opened, connectNs, end);
    }

    /** The closed loop; returns why it stopped issuing. */
    private String loop(int minRequests, Duration maxTime, long t0) {
        boolean timed = !maxTime.isZero() && !maxTime.isNegative();
        long deadline = t0 + maxTime.toNanos();
        int cap = timed ? IN_FLIGHT : Math.max(1, Math.min(IN_FLIGHT, minRequests));
        try (JitIdle jit = timed ? jitIdle.get() : null) {
            for (long i = 0; ; i++) {
                if (!timed && i >= minRequests) {
                    return "requests";
                }
                clock.await(() -> inFlight.get() < cap || stopped.getAsBoolean(), wakeup);
                if (stopped.getAsBoolean()) {
                    return "stopped";
                }
                long now = clock.nanoTime();
                if (timed) {
                    if (now - deadline >= 0) {
                        return "time-limit";
                    }
                    if (ended.get() >= minRequests
                            && JitWatch.settled(now - t0, MIN_TIME.toNanos(), ended.get(), jit.idle())) {
                        return "jit-idle";
                    }
                }
                send(i, now);
            }
        }
    }

    /** Sends {@code n} requests one at a time (numbered from {@code from}), each after the previous one's end. */
    private void probe(int n, long from) {
        probing = true;
        for (int k = 0; k < n && !stopped.getAsBoolean(); k++) {
            send(from + k, clock.nanoTime());
            clock.await(() -> inFlight.get() == 0, wakeup);
        }
        probing = false;
    }

    private void send(long i, long now) {
        var r = new StaticRequest(i, new Prompt.Text("Warm-up request " + i + ": say something."), -1, TOKENS);
        inFlight.incrementAndGet();
        sender.submit(new Submission(-1, i, -1, r, stream, now, now), (record, output) -> {
            ended.incrementAndGet();
            if (record.ok()) {
                succeeded.incrementAndGet();
                if (probing
                        && record.dispatchedNs() != RequestRecord.ABSENT
                        && record.doneNs() != RequestRecord.ABSENT) {
                    int k = probed.getAndIncrement();
                    if (k < PROBE) {
                        probe[k] = Math.max(1, record.doneNs() - record.dispatchedNs());
                    }
                }
            }
            inFlight.decrementAndGet();
            wakeup.wake();
        });
    }

    /**
     * The median time of the requests sent one at a time, dispatch to done, ns; 0 when none succeeded. Alone on the
     * server, so the closed loop's queueing (which grows with the client's or the server's saturation, not with
     * what the first stage needs) is not in it.
     */
    long latencyNs() {
        int n = Math.min(PROBE, probed.get());
        if (n == 0) {
            return 0;
        }
        long[] v = Arrays.copyOf(probe, n);
        Arrays.sort(v);
        return v[(n - 1) / 2];
    }

    /**
     * Connections per server the first stage will need: a closed loop its concurrency; an open loop, by Little's
     * law, its rate × the warm-up's unloaded latency ({@link #latencyNs}) × 2, plus 4; a trace replay the most
     * sessions starting within one such latency × 2, plus 4; {@link #DEFAULT_CONNECTIONS} when no latency was measured (or for a sweep, whose
     * probe finds its own). The client caps it at the pool size.
     */
    static int targetConnections(Stage first, long latencyNs) {
        if (first instanceof Stage.Concurrency c) {
            return Math.max(1, c.concurrency());
        }
        if (latencyNs <= 0 || first == null) {
            return DEFAULT_CONNECTIONS;
        }
        return switch (first) {
            case Stage.Rate r -> LlmClient.connectionsFor(r.rate(), latencyNs / 1e9);
            // the most sessions starting within one latency, as a rate per latency
            case Stage.Replay rp ->
                LlmClient.connectionsFor(peakStarts(rp.plan().sessions(), latencyNs), 1);
            default -> DEFAULT_CONNECTIONS;
        };
    }

    /** The most sessions whose first turn is due within any window of {@code windowNs}. */
    static int peakStarts(List<ReplayPlan.Session> sessions, long windowNs) {
        int peak = 0;
        int from = 0;
        for (int to = 0; to < sessions.size(); to++) {
            long end = sessions.get(to).startNs();
            while (end - sessions.get(from).startNs() >= windowNs) {
                from++;
            }
            peak = Math.max(peak, to - from + 1);
        }
        return peak;
    }
}
