package io.llmharness.run;

import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.health.CompilerCpu;
import io.llmharness.client.health.HeapSettle;
import io.llmharness.client.health.JitPriority;
import io.llmharness.client.health.JitWatch;
import io.llmharness.client.health.WarmUpEnd;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.sut.HttpSut;
import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.QuerySampleLibrary;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warm start before the measured LoadGen test, through the run's own objects so the code the JIT compiles is the
 * code the test runs: short LoadGen tests ({@link WarmupSettings}), each on a fresh LoadGen instance, drive the
 * run's {@code HttpSut}, client and completion sink.
 *
 * <ol>
 *   <li><b>Burst</b>: rounds of {@link #ROUND_SAMPLES} samples at once (closed loop) and, for a Server run,
 *       1.5 s Server rounds at half the closed loop's throughput, the client at most {@link #BURST_IN_FLIGHT}
 *       requests in flight, until the JIT compiler threads were idle for a second (after at least
 *       {@link #MIN_TIME}, and {@link JitWatch#SETTLE_REQUESTS} completed requests or {@link JitWatch#SETTLE_TIME})
 *       or 80 % of the time limit: per-request code gets its thousands of calls as fast as the
 *       client can make them, and a cold client builds no backlog.
 *   <li><b>At rate</b> (Server): the run's own rate for up to {@link #AT_RATE_TIME}; its second half sizes the
 *       pool ({@link #targetConnections}). At its time limit LoadGen stops issuing, and what is in flight finishes
 *       by itself (up to {@link #DRAIN_TIME}) instead of being cancelled.
 *   <li><b>Connections</b>: the pool is filled to that many per server (the whole pool for Offline; 8 without a
 *       warm-up) and keeps them however long they idle ({@link LlmClient#prepareConnections}); nothing is sent on
 *       them.
 *   <li><b>JIT priority</b>: if the burst ended by an idle JIT, the compiler threads get nice {@code --jit-nice}
 *       ({@link JitPriority}), so what they still compile in the measured window runs in CPU time the client leaves
 *       idle. Without a warm-up, or after one that ran to its time limit, the JIT has not settled and keeps its
 *       priority: lowered, it would compile the request path only in the CPU the client leaves idle.
 *   <li><b>Heap</b>: after a warm-up that sent anything, one full collection ({@link HeapSettle}), so what it leaves
 *       alive for the run leaves the young generation here, not in the window's first young pause.
 * </ol>
 *
 * <p>So the last thing the client's hot path handles before the measured test is ordinary answers of the run's own
 * shape: cancelled requests (stream resets, closed connections) and requests of another kind (the {@code GET
 * /health} checks this used to verify new connections with) right before it made the JIT deoptimise the hottest
 * methods there. What a burst round leaves in flight is cancelled, and everything the warm-up recorded is
 * forgotten: nothing of it reaches the run's results except this {@link Report}.
 */
final class WarmStart {

    /** Shortest burst phase. */
    static final Duration MIN_TIME = Duration.ofSeconds(1);

    /**
     * Default longest warm-up. On one core the JIT needs 15-25 s of wall time to compile the request path (about
     * 15 s of compiler CPU, measured); with more cores it is idle far sooner and the warm-up ends then.
     */
    static final Duration DEFAULT_MAX_TIME = Duration.ofSeconds(30);

    /** Samples per burst round. */
    static final int ROUND_SAMPLES = 1024;

    /** Longest at-rate phase. */
    static final Duration AT_RATE_TIME = Duration.ofSeconds(2);

    /** Default least number of warm-up queries. */
    static final int DEFAULT_MIN_QUERIES = 16;

    /** Longest wait for the last warm-up test's requests to finish by themselves before they are cancelled. */
    static final Duration DRAIN_TIME = Duration.ofSeconds(3);

    /** The client's in-flight cap during the burst. */
    static final int BURST_IN_FLIGHT = 32;

    private static final Logger LOG = LoggerFactory.getLogger(WarmStart.class);
    private static final long CANCEL_WAIT_NS = 10_000_000_000L;

    /**
     * What the warm start did.
     *
     * @param queries warm-up requests that completed, both phases (0 when none ran)
     * @param succeeded those that succeeded
     * @param tookNs wall time of the warm-up tests
     * @param endedBy why the burst ended: {@code jit-idle}, {@code time-limit}, {@code done} (all its queries
     *     finished), {@code aborted} (interrupt, server failure), or {@code off} (no warm-up)
     * @param jitMs CPU time of the JIT compiler threads during the warm-up, ms (-1 unknown)
     * @param connectionsTarget connections the run is expected to need per server
     * @param connectionsOpen connections open when the measured test starts
     * @param connectionsOpened connections opened after the warm-up
     * @param connectNs time spent opening them
     * @param end what the steps after the warm-up did: the JIT threads lowered, the heap collected
     */
    record Report(
            long queries,
            long succeeded,
            long tookNs,
            String endedBy,
            long jitMs,
            int connectionsTarget,
            int connectionsOpen,
            int connectionsOpened,
            long connectNs,
            WarmUpEnd end) {

        /**
         * A warning when the warm-up ran to its time limit and left requests unanswered: a stalled server makes the
         * warm-up wait its whole {@code --warmup-seconds}, and the user should know why the run started late.
         */
        java.util.Optional<String> stallWarning(Duration maxTime) {
            if (!"time-limit".equals(endedBy) || queries == succeeded) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(String.format(
                    Locale.ROOT,
                    "the warm-up ran to its time limit (%.0f s, --warmup-seconds): %d of its %d requests got no"
                            + " answer or failed (a stalled or failing server?); the measured test starts now",
                    maxTime.toMillis() / 1e3,
                    queries - succeeded,
                    queries));
        }

        String logLine() {
            return String.format(
                    Locale.ROOT,
                    "warm start: %d warm-up queries (%d ok) in %.1f s, burst ended by %s, JIT CPU %d ms;"
                            + " %d connections open (target %d per server, %d opened in %.1f ms)%s",
                    queries,
                    succeeded,
                    tookNs / 1e9,
                    endedBy,
                    jitMs,
                    connectionsOpen,
                    connectionsTarget,
                    connectionsOpened,
                    connectNs / 1e6,
                    end.lineSuffix());
        }
    }

    /**
     * What the warm start works with.
     *
     * @param loadGens a fresh LoadGen per warm-up test (an aborted LoadGen stays aborted)
     * @param stopped whether the run was interrupted or aborted meanwhile
     * @param jitNice the nice value for the JIT compiler threads once the warm start has ended ({@code --jit-nice})
     */
    record Inputs(
            LlmClient client,
            HttpSut sut,
            CountingSink sink,
            Supplier<LoadGen> loadGens,
            QuerySampleLibrary qsl,
            TestSettings runSettings,
            Duration maxTime,
            long minQueries,
            BooleanSupplier stopped,
            JitPriority.Request jitNice) {

        boolean offline() {
            return runSettings.scenario == Scenario.OFFLINE;
        }
    }

    private WarmStart() {}

    /**
     * Runs the warm-up (unless {@code maxTime} or {@code minQueries} is 0), then prepares the connections and, if the
     * burst ended because the JIT was idle, lowers the JIT compiler threads to {@code --jit-nice}.
     */
    static Report run(Inputs in) {
        LlmClient client = in.client();
        int pool = client.options().poolSize();
        long queries = 0;
        long ok = 0;
        long took = 0;
        long jitMs = -1;
        String endedBy = "off";
        int target = in.offline() ? pool : Math.min(pool, 8);
        if (!in.maxTime().isZero() && in.minQueries() > 0) {
            CompilerCpu.Span jit = CompilerCpu.start();
            long t0 = System.nanoTime();
            Duration burstTime = in.maxTime().multipliedBy(8).dividedBy(10);
            client.limitInFlight(BURST_IN_FLIGHT);
            try {
                endedBy = burst(in, burstTime);
            } finally {
                client.limitInFlight(Integer.MAX_VALUE);
            }
            List<RequestRecord> records = client.snapshot().requests();
            queries = records.size();
            ok = records.stream().filter(RequestRecord::ok).count();
            forget(in);
            Duration left = in.maxTime().minusNanos(System.nanoTime() - t0);
            Duration atRate = left.compareTo(AT_RATE_TIME) < 0 ? left : AT_RATE_TIME;
            if (in.runSettings().scenario == Scenario.SERVER
                    && !atRate.isNegative()
                    && !in.stopped().getAsBoolean()) {
                phase(in, WarmupSettings.of(in.runSettings(), atRate, 1), atRate.plusSeconds(1), null, true);
                records = client.snapshot().requests();
                queries += records.size();
                ok += records.stream().filter(RequestRecord::ok).count();
                target = targetConnections(records, pool, in.runSettings().serverTargetQps);
            }
            took = System.nanoTime() - t0;
            jitMs = jit.ms();
        }
        long c0 = System.nanoTime();
        int opened = in.stopped().getAsBoolean() || client.abort().isPresent()
                ? 0
                : client.prepareConnections(target).await();
        long connectNs = System.nanoTime() - c0;
        forget(in);
        // last: the warm start is over and the measured test is next (JitPriority: only after an idle JIT; the heap
        // only after a warm-up that sent something, in a run that is not failing)
        WarmUpEnd end = in.stopped().getAsBoolean()
                ? WarmUpEnd.NONE
                : WarmUpEnd.after(
                        JitPriority.system(),
                        in.jitNice(),
                        endedBy,
                        queries > 0 && client.abort().isEmpty());
        Report r = new Report(
                queries, ok, took, endedBy, jitMs, target, client.counters().connectionsOpen(), opened, connectNs, end);
        LOG.info("{}", r.logLine());
        return r;
    }

    /**
     * Forgets what the warm-up recorded, unless the run is already stopping (a server that fails every request,
     * an interrupt): then those records are what the run's files can show.
     */
    private static void forget(Inputs in) {
        if (!in.stopped().getAsBoolean() && in.client().abort().isEmpty()) {
            in.client().resetMeasurements();
            in.sut().resetStats();
        }
    }

    /**
     * Connections the measured run will need per server, by Little's law on the at-rate phase's second half: its
     * rate × its 90th-percentile request time × 2, plus 4, at most the pool (a phase that piled up because the
     * client was still slow inflates the latency far less than it inflates the in-flight peak).
     */
    static int targetConnections(List<RequestRecord> warm, int poolSize, double qps) {
        long first = warm.stream().mapToLong(RequestRecord::scheduledNs).min().orElse(0);
        long last = warm.stream().mapToLong(RequestRecord::scheduledNs).max().orElse(0);
        long mid = first + (last - first) / 2;
        long[] e2e = warm.stream()
                .filter(r -> r.scheduledNs() >= mid && r.dispatchedNs() != RequestRecord.ABSENT)
                .filter(r -> r.doneNs() != RequestRecord.ABSENT)
                .mapToLong(r -> r.doneNs() - r.dispatchedNs())
                .sorted()
                .toArray();
        double p90 = e2e.length == 0 ? 0 : e2e[Math.min(e2e.length - 1, (int) (e2e.length * 0.9))] / 1e9;
        return Math.min(poolSize, LlmClient.connectionsFor(qps, p90));
    }

    /**
     * Burst rounds until the JIT is idle or the time is up; returns why they ended. Closed-loop rounds alternate,
     * for a Server run, with Server rounds at half the throughput the closed-loop round before reached: a cold
     * client never builds a backlog, and the Server path gets as many calls per second as the client can make.
     */
    private static String burst(Inputs in, Duration limit) {
        long start = System.nanoTime();
        long round = Math.max(ROUND_SAMPLES, in.minQueries());
        boolean server = in.runSettings().scenario == Scenario.SERVER;
        double throughput = 0;
        long completed0 = in.sink().completed();
        try (JitWatch jit = new JitWatch()) {
            BooleanSupplier settled = () -> JitWatch.settled(
                    System.nanoTime() - start, MIN_TIME.toNanos(), in.sink().completed() - completed0, jit.idle());
            for (int k = 0; ; k++) {
                long elapsed = System.nanoTime() - start;
                if (in.stopped().getAsBoolean()) {
                    return "aborted";
                }
                if (settled.getAsBoolean()) {
                    return "jit-idle";
                }
                Duration left = limit.minusNanos(elapsed);
                if (left.isNegative() || left.isZero()) {
                    return "time-limit";
                }
                boolean closed = !server || k % 2 == 0;
                TestSettings settings = closed
                        ? WarmupSettings.closedRound(in.runSettings(), round)
                        : WarmupSettings.serverRound(in.runSettings(), throughput / 2);
                long t0 = System.nanoTime();
                String why = phase(in, settings, left, settled, false);
                if (closed) {
                    throughput = round / ((System.nanoTime() - t0) / 1e9);
                }
                if (!why.equals("done")) {
                    return why;
                }
            }
        }
    }

    /**
     * Runs one warm-up test on a fresh LoadGen until its queries are done, the time limit, or (a burst test, given
     * {@code settled}) the JIT has settled — a round of slow requests
     * against a real server need not run to its end; cancels what it leaves running. Returns why it ended:
     * {@code done}, {@code time-limit}, {@code jit-idle} or {@code aborted}.
     */
    private static String phase(
            Inputs in, TestSettings settings, Duration limit, BooleanSupplier settled, boolean drain) {
        Path dir;
        try {
            dir = Files.createTempDirectory("llm-harness-warmup");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a folder for the warm-up logs", e);
        }
        LoadGen loadGen = in.loadGens().get();
        PhaseWatcher watcher = new PhaseWatcher(in, loadGen, limit, settled, drain);
        in.sink().target(loadGen, false);
        try {
            watcher.start();
            if (!in.stopped().getAsBoolean()) {
                loadGen.startTest(
                        in.sut(),
                        in.qsl(),
                        settings,
                        LogSettings.defaults().withOutdir(dir),
                        dir.resolve("no-audit.config").toString());
            }
        } finally {
            watcher.stop();
            deleteTree(dir);
        }
        if (drain && !in.stopped().getAsBoolean()) {
            drain(in.client());
        }
        settle(in.client());
        String why = watcher.endedBy();
        return why != null ? why : in.stopped().getAsBoolean() ? "aborted" : "done";
    }

    /**
     * Waits, up to {@link #DRAIN_TIME}, until what the last warm-up test left in flight has finished by itself: the
     * requests the measured test's code path then handles last are ordinary answers. Cancelling them instead (the
     * burst's way of ending) resets their streams and closes their connections — exceptions, other branches and
     * connections to reopen on the hottest methods right before the measured test, which the JIT answered with
     * deoptimisations there.
     */
    private static void drain(LlmClient client) {
        long deadline = System.nanoTime() + DRAIN_TIME.toNanos();
        while (client.inFlight() + client.queued() > 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(5_000_000L);
        }
    }

    /** Cancels what a warm-up test left running and waits until the client is idle. */
    private static void settle(LlmClient client) {
        long deadline = System.nanoTime() + CANCEL_WAIT_NS;
        while (client.inFlight() + client.queued() > 0 && System.nanoTime() < deadline) {
            client.cancelActive("warm-up over");
            LockSupport.parkNanos(20_000_000L);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.debug("could not delete the warm-up folder {}", dir, e);
        }
    }
}
