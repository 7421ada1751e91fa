package io.llmharness.run.bench;

import io.llmharness.client.health.JitPriority;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.clock.Wakeup;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.schedule.ArrivalPlan;
import io.llmharness.workload.schedule.SweepPlanner;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Drives the stages of a workload on one thread, on a {@link Clock}: open-loop stages issue each request at its
 * planned time (parking until just before it, as {@link Clock#sleepUntil} does, never sleeping in milliseconds),
 * closed-loop stages keep their concurrency in flight, trace replays send each row on its recorded schedule
 * ({@link ReplayDriver}). Each stage waits for all of its requests before the next
 * starts, after {@code load.interval} seconds. Sweeps are planned from their probe's measurements when reached.
 *
 * <p>{@link #stop} (Ctrl-C, an abort) stops issuing at once; the stage in progress ends when its in-flight requests
 * have ended (the caller shuts the sender down so they end promptly) and is marked interrupted.
 */
public final class BenchRun {

    /** Hears stage boundaries, on the scheduling thread. */
    public interface Listener {
        /** A stage starts. */
        default void stageStarted(int index, Stage stage) {}

        /** A stage ended (all its requests finished). */
        default void stageEnded(StageRun run) {}

        /** The warm start ended: what it did, in one line ({@link BenchWarmup.Report#line}). */
        default void warmedUp(String line) {}

        /** A one-line note (a sweep's plan). */
        default void note(String line) {}

        /**
         * A measured request of a stage ended ({@code ok}: it succeeded). Called on the client's threads, event
         * loops included: must be cheap and never block.
         */
        default void requestDone(boolean ok) {}
    }

    /** Longest single wait before checking for {@link #stop}, ns. */
    static final long SLICE_NS = 50_000_000L;

    /** How often a sweep probe samples the requests in flight, ns (inference-perf: 0.5 s). */
    static final long SAMPLE_NS = 500_000_000L;

    private final Clock clock;
    private final RequestSender sender;
    private final PromptFeed prompts;
    private final LoadSpec load;
    private final boolean stream;
    private final int warmupRequests;
    private final Listener listener;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Wakeup wakeup = new Wakeup();
    /** Wakes a trace replay's scheduler: only the answers it waits for and a stop, not every answer. */
    private final Wakeup replayWakeup = new Wakeup();

    private final List<StageRun> finished = new ArrayList<>();
    private volatile String stopReason;
    private long runIndex;
    private Long startAtNs;
    private Duration warmupTime = Duration.ZERO;
    private java.util.function.Supplier<BenchWarmup.JitIdle> jitIdle = BenchWarmup::watchJit;
    private JitPriority.Request jitNice = JitPriority.Request.NONE;
    private volatile BenchWarmup.Report warmupReport = BenchWarmup.Report.NONE;

    /**
     * @param warmupRequests least number of unreported requests sent before the first stage ({@link BenchWarmup}),
     *     so the first measured requests do not pay for cold connections and code
     */
    public BenchRun(
            Clock clock,
            RequestSender sender,
            PromptFeed prompts,
            LoadSpec load,
            boolean stream,
            int warmupRequests,
            Listener listener) {
        this.clock = clock;
        this.sender = sender;
        this.prompts = prompts;
        this.load = load;
        this.stream = stream;
        this.warmupRequests = warmupRequests;
        this.listener = listener == null ? new Listener() {} : listener;
    }

    /**
     * Makes {@link #run} wait, after the warm-up, until {@code deadlineNanos} ({@link Clock#nanoTime()}) before the
     * first stage: the shared start instant of a sharded run. A deadline already past starts at once.
     */
    public BenchRun startAt(long deadlineNanos) {
        this.startAtNs = deadlineNanos;
        return this;
    }

    /**
     * Lets the warm-up run until the JIT is idle, at most {@code max} (zero, the default: exactly the warm-up
     * requests).
     */
    public BenchRun warmupTime(Duration max) {
        this.warmupTime = max;
        return this;
    }

    /**
     * Lowers the JIT compiler threads to {@code nice} once the warm-up has ended by an idle JIT ({@code --jit-nice};
     * default {@link JitPriority.Request#NONE}: leave them alone).
     */
    public BenchRun jitNice(JitPriority.Request nice) {
        this.jitNice = nice;
        return this;
    }

    /** Replaces the JIT watch of the warm-up (tests on a virtual clock). */
    BenchRun jitIdle(java.util.function.Supplier<BenchWarmup.JitIdle> idle) {
        this.jitIdle = idle;
        return this;
    }

    /** What the warm start did ({@code off} before it ran). */
    public BenchWarmup.Report warmupReport() {
        return warmupReport;
    }

    /** Runs the warm-up and every stage; returns the stages run (fewer when stopped). */
    public List<StageRun> run() {
        warmup();
        if (startAtNs != null && !stopped()) {
            waitUntil(startAtNs);
        }
        int index = 0;
        boolean first = true;
        for (Stage s : load.stages()) {
            if (stopped()) {
                break;
            }
            if (s instanceof Stage.Sweep sw) {
                index = sweep(sw.sweep(), index, first);
            } else {
                pause(first);
                runStage(index++, s);
            }
            first = false;
        }
        return stages();
    }

    /** Stops issuing requests (idempotent, any thread). */
    public void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
        wakeup.wake();
        replayWakeup.wake();
    }

    /** Why the run was stopped, or null. */
    public String stopReason() {
        return stopReason;
    }

    /** The stages finished so far (a copy). */
    public synchronized List<StageRun> stages() {
        return List.copyOf(finished);
    }

    /** Requests in flight now. */
    public int inFlight() {
        return inFlight.get();
    }

    private boolean stopped() {
        return stopReason != null;
    }

    private void pause(boolean first) {
        if (!first && load.intervalS() > 0) {
            waitUntil(clock.nanoTime() + Math.round(load.intervalS() * 1e9));
        }
    }

    // ---- stages

    private StageRun runStage(int index, Stage stage) {
        listener.stageStarted(index, stage);
        Queue<BenchRecord> records = new ConcurrentLinkedQueue<>();
        long start = clock.nanoTime();
        long planned = switch (stage) {
            case Stage.Rate r -> {
                openLoop(index, r, start, records, null);
                yield r.requests();
            }
            case Stage.Concurrency c -> {
                closedLoop(index, c, start, records);
                yield c.requests();
            }
            case Stage.Replay rp -> {
                new ReplayDriver(
                                clock,
                                replayWakeup,
                                this::stopped,
                                (row, due, answered) -> submit(index, row, due, records, answered))
                        .run(rp.plan(), start);
                yield rp.plan().requests();
            }
            case Stage.Sweep sw -> throw new IllegalStateException("sweeps are expanded before they run");
        };
        awaitIdle(null);
        StageRun run =
                new StageRun(index, stage, start, clock.nanoTime(), planned, new ArrayList<>(records), stopped());
        synchronized (this) {
            finished.add(run);
        }
        listener.stageEnded(run);
        return run;
    }

    private void openLoop(int stage, Stage.Rate r, long start, Queue<BenchRecord> into, Sampler sampler) {
        ArrivalPlan.Cursor cursor = ArrivalPlan.of(r, load.seed(), stage).cursor();
        while (cursor.hasNext() && !stopped()) {
            long i = cursor.index();
            long due = start + cursor.nextOffsetNs();
            if (sampler != null) {
                sampler.waitUntil(due);
            } else {
                waitUntil(due);
            }
            if (stopped()) {
                break;
            }
            submit(stage, i, due, into);
        }
    }

    private void closedLoop(int stage, Stage.Concurrency c, long start, Queue<BenchRecord> into) {
        long deadline = c.durationS() > 0 ? start + Math.round(c.durationS() * 1e9) : Long.MAX_VALUE;
        for (long i = 0; (c.requests() == 0 || i < c.requests()) && !stopped(); i++) {
            clock.await(() -> inFlight.get() < c.concurrency() || stopped(), wakeup);
            long now = clock.nanoTime();
            if (stopped() || now - deadline >= 0) {
                break;
            }
            submit(stage, i, now, into);
        }
    }

    private void submit(int stage, long indexInStage, long scheduledNs, Queue<BenchRecord> into) {
        submit(stage, indexInStage, scheduledNs, into, null);
    }

    /** Sends a request; {@code after}, if given, runs once its record is kept, before the scheduler is woken. */
    private void submit(int stage, long indexInStage, long scheduledNs, Queue<BenchRecord> into, Runnable after) {
        var request = prompts.request(stage, indexInStage, runIndex);
        Submission s = new Submission(stage, indexInStage, runIndex++, request, stream, scheduledNs, clock.nanoTime());
        inFlight.incrementAndGet();
        sender.submit(s, (record, output) -> {
            request.answered(record.ok() ? output : null);
            if (into != null) {
                into.add(new BenchRecord(stage, indexInStage, s.runIndex(), request, record, output));
            }
            inFlight.decrementAndGet();
            if (into != null) {
                listener.requestDone(record.ok());
            }
            if (after != null) {
                after.run();
            }
            wakeup.wake();
        });
    }

    /** Waits until nothing is in flight (every request ends, also after a stop: the sender cancels them). */
    private void awaitIdle(Sampler sampler) {
        if (sampler == null) {
            clock.await(() -> inFlight.get() == 0, wakeup);
            return;
        }
        while (inFlight.get() > 0) {
            long next = sampler.next;
            clock.await(() -> inFlight.get() == 0 || clock.nanoTime() - next >= 0, wakeup);
            sampler.sampleIfDue();
        }
    }

    /** Waits until {@code deadline} in slices, so a stop is noticed within {@link #SLICE_NS}. */
    private void waitUntil(long deadline) {
        while (!stopped()) {
            long left = deadline - clock.nanoTime();
            if (left <= SLICE_NS) {
                clock.sleepUntil(deadline);
                return;
            }
            clock.sleepUntil(clock.nanoTime() + SLICE_NS);
        }
    }

    // ---- warm-up

    private void warmup() {
        Stage first = load.stages().isEmpty() ? null : load.stages().get(0);
        warmupReport = new BenchWarmup(clock, sender, stream, this::stopped, jitIdle)
                .jitNice(JitPriority.system(), jitNice)
                .run(warmupRequests, warmupTime, first);
        listener.warmedUp(warmupReport.line());
        warmupReport.end().jit().warning().ifPresent(w -> listener.note("warning: " + w));
    }

    // ---- sweeps

    private int sweep(SweepSpec spec, int index, boolean first) {
        switch (spec) {
            case SweepSpec.InferencePerf ip -> {
                pause(first);
                double saturation = probe(ip);
                List<Stage> planned = SweepPlanner.inferencePerf(ip, saturation);
                listener.note("sweep: the probe measured a saturation of "
                        + (Double.isNaN(saturation) ? "(none: the server never drained)" : fmt(saturation) + " req/s")
                        + "; stages at " + rates(planned));
                for (Stage s : planned) {
                    if (stopped()) {
                        break;
                    }
                    pause(false);
                    runStage(index++, s);
                }
            }
            case SweepSpec.Guidellm g -> {
                double[] measured = new double[2];
                List<Stage> probes = SweepPlanner.guidellmProbes(g);
                for (int k = 0; k < probes.size() && !stopped(); k++) {
                    pause(first && k == 0);
                    measured[k] = requestRate(runStage(index++, probes.get(k)));
                }
                List<Stage> planned = SweepPlanner.guidellm(g, measured[0], measured[1]);
                listener.note("sweep: synchronous " + fmt(measured[0]) + " req/s, throughput " + fmt(measured[1])
                        + " req/s; stages at " + rates(planned));
                for (Stage s : planned) {
                    if (stopped()) {
                        break;
                    }
                    pause(false);
                    runStage(index++, s);
                }
            }
        }
        return index;
    }

    /** inference-perf's probe: the probe's requests over 5 s, in-flight counts sampled every 0.5 s. */
    private double probe(SweepSpec.InferencePerf ip) {
        Stage.Rate probe = new Stage.Rate(ip.probeRequests() / 5.0, 5.0, Arrival.CONSTANT, ip.probeRequests());
        listener.note("sweep: probing with " + ip.probeRequests() + " requests over 5 s");
        Sampler sampler = new Sampler(clock.nanoTime());
        openLoop(-1, probe, sampler.start, null, sampler);
        awaitIdle(sampler);
        sampler.sample();
        return SweepPlanner.saturation(sampler.times(), sampler.counts(), ip.saturationPercentile());
    }

    static double requestRate(StageRun r) {
        long ok = r.records().stream().filter(b -> b.record().ok()).count();
        double s = (r.endNs() - r.startNs()) / 1e9;
        return s > 0 ? ok / s : 0;
    }

    private static String rates(List<Stage> stages) {
        StringBuilder sb = new StringBuilder();
        for (Stage s : stages) {
            sb.append(sb.isEmpty() ? "" : ", ").append(fmt(((Stage.Rate) s).rate()));
        }
        return sb.append(" req/s").toString();
    }

    private static String fmt(double v) {
        return String.format(java.util.Locale.ROOT, "%.2f", v);
    }

    /** Samples the in-flight count every {@link #SAMPLE_NS} while the probe waits. */
    private final class Sampler {
        private final long start;
        private long next;
        private final List<long[]> samples = new ArrayList<>();

        Sampler(long start) {
            this.start = start;
            this.next = start;
        }

        void waitUntil(long due) {
            while (!stopped() && next - due <= 0) {
                BenchRun.this.waitUntil(next);
                sampleIfDue();
            }
            BenchRun.this.waitUntil(due);
        }

        void sampleIfDue() {
            if (clock.nanoTime() - next >= 0) {
                sample();
            }
        }

        void sample() {
            long now = clock.nanoTime();
            samples.add(new long[] {now, inFlight.get()});
            next = now + SAMPLE_NS;
        }

        long[] times() {
            return samples.stream().mapToLong(s -> s[0]).toArray();
        }

        int[] counts() {
            return samples.stream().mapToInt(s -> (int) s[1]).toArray();
        }
    }
}
