package io.llmharness.simulator.engine;

import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One simulated inference engine (one data-parallel rank): a FIFO waiting queue, at most {@code maxNumSeqs}
 * running sequences, a KV cache that gates admission and may force preemption, and a timing policy supplied by the
 * subclass ({@link FixedEngine}, {@link StepEngine}). All methods run on the engine's thread; nothing blocks; time
 * passes only through {@link EngineClock} timers, so one timer per engine drives every running sequence.
 */
public abstract class Engine {
    protected final SimulatorOptions options;
    protected final EngineClock clock;
    protected final KvCache kv;
    protected final EngineMetrics metrics;
    protected final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
    protected final ArrayList<Sequence> running = new ArrayList<>();
    private long admissions;
    private volatile int load;

    protected Engine(SimulatorOptions options, EngineClock clock, EngineMetrics metrics) {
        this.options = options;
        this.clock = clock;
        this.metrics = metrics;
        Capacity capacity = options.capacity();
        this.kv = new KvCache(
                capacity.kvCacheTokens(), capacity.blockSize(), capacity.enablePrefixCaching(), capacity.maxModelLen());
    }

    /** An engine of the configured latency model; {@code seed} drives the jitter of fixed latencies. */
    public static Engine create(SimulatorOptions options, EngineClock clock, EngineMetrics metrics, long seed) {
        return switch (options.latency()) {
            case Latency.Fixed fixed -> new FixedEngine(options, fixed, clock, metrics, seed);
            case Latency.Batch batch -> new StepEngine(options, batch, clock, metrics);
        };
    }

    public EngineMetrics metrics() {
        return metrics;
    }

    public KvCache kvCache() {
        return kv;
    }

    /** Running plus waiting sequences; readable from any thread (for data-parallel balancing). */
    public int load() {
        return load;
    }

    /** Waiting sequences (engine thread). */
    public int waitingCount() {
        return waiting.size();
    }

    /** Running sequences (engine thread). */
    public int runningCount() {
        return running.size();
    }

    /** Queues sequences (in order) and starts work if the engine was idle. */
    public final void submit(List<Sequence> seqs) {
        long now = clock.nanoTime();
        for (Sequence s : seqs) {
            s.onQueued(now);
            waiting.add(s);
        }
        publish();
        onWork(now);
    }

    /**
     * Removes a sequence wherever it is and counts it as aborted.
     *
     * @param notify tell the listener (server shutdown); false when the client is gone anyway
     */
    public final void abort(Sequence s, FinishReason reason, boolean notify) {
        if (s.state == Sequence.State.FINISHED || s.state == Sequence.State.NEW) {
            return;
        }
        finish(s, reason, clock.nanoTime(), notify);
        onWork(clock.nanoTime());
    }

    /**
     * Ends everything and stops the engine for good.
     *
     * @param notify tell every listener (shutdown: responses end with {@code reason}); false when the connections
     *     are dropped instead (simulated crash)
     */
    public final void abortAll(FinishReason reason, boolean notify) {
        List<Sequence> all = new ArrayList<>(running);
        all.addAll(waiting);
        long now = clock.nanoTime();
        for (Sequence s : all) {
            finish(s, reason, now, notify);
        }
        stop();
    }

    /** Drops idle prefix-cache blocks. */
    public final void clearPrefixCache() {
        kv.clearIdle();
    }

    /** Something changed (arrival, finish, abort): schedule work. */
    protected abstract void onWork(long now);

    /** Cancels timers; the engine is dead afterwards. */
    protected abstract void stop();

    /** A sequence left the running set (finished, aborted, preempted). */
    protected void onRemoved(Sequence s) {}

    /** Admits the head of the waiting queue if a slot and KV blocks are free; returns it, else null. */
    protected final Sequence admitNext(long now) {
        Sequence s = waiting.peek();
        if (s == null || running.size() >= options.capacity().maxNumSeqs()) {
            return null;
        }
        boolean firstAdmission = !s.admittedBefore();
        int cached = kv.admit(s);
        if (cached < 0) {
            return null;
        }
        waiting.poll();
        running.add(s);
        s.admitOrder = admissions++;
        s.onScheduled(now, cached);
        if (firstAdmission && options.capacity().enablePrefixCaching()) {
            metrics.onPrefixLookup(s.promptLength(), cached);
        }
        publish();
        return s;
    }

    /**
     * Ensures KV room for a context of {@code tokens}, preempting the most recently admitted sequences as needed.
     * Returns false when {@code s} itself had to be preempted.
     */
    protected final boolean makeRoom(Sequence s, int tokens, long now) {
        while (!kv.grow(s, tokens)) {
            Sequence victim = running.get(running.size() - 1);
            preempt(victim, now);
            if (victim == s) {
                return false;
            }
        }
        return true;
    }

    private void preempt(Sequence victim, long now) {
        running.remove(victim);
        onRemoved(victim);
        kv.release(victim);
        victim.onPreempted(now);
        waiting.addFirst(victim);
        metrics.onPreemption();
        publish();
    }

    /**
     * Samples one token of a running sequence and delivers it. Returns the finish reason, {@link FinishReason#ABORT}
     * when the listener aborted the sequence while handling the token, or null while it keeps running.
     *
     * <p>The listener runs on the engine thread and may call back into the engine (a fault that drops the
     * connection aborts the sequence; the answer that triggers a simulated crash aborts everything). So a finished
     * sequence leaves the engine before its last token is delivered, and callers check for a re-entrant stop.
     */
    protected final FinishReason emit(Sequence s, long now) {
        boolean first = s.generated() == 0;
        long previous = s.lastTokenNanos();
        FinishReason finish = s.advance(now);
        metrics.onGenerationToken();
        if (first) {
            metrics.onFirstToken((now - s.arrivalNanos()) / 1e9);
            metrics.onPromptTokens(s.promptLength());
        } else {
            metrics.onInterTokenLatency((now - previous) / 1e9);
        }
        if (finish != null) {
            finish(s, finish, now, false);
        }
        s.listener().onOutput(s, s.lastTokenId(), s.lastText(), finish, s.stopReason(), now);
        if (finish == null && s.state == Sequence.State.FINISHED) {
            return FinishReason.ABORT;
        }
        return finish;
    }

    private void finish(Sequence s, FinishReason reason, long now, boolean notify) {
        if (s.state == Sequence.State.RUNNING) {
            running.remove(s);
            onRemoved(s);
            kv.release(s);
        } else {
            waiting.remove(s);
        }
        s.state = Sequence.State.FINISHED;
        metrics.onFinished(s.summary(reason, now));
        if (s.spec().structured() && reason != FinishReason.ABORT) {
            metrics.onStructuredRequest();
        }
        PromptGroup group = s.group();
        if (group != null && group.onFinished(s.generated())) {
            metrics.onPromptGroupFinished(group.n(), group.maxGenerated());
        }
        publish();
        if (notify) {
            s.listener().onOutput(s, -1, "", reason, null, now);
        }
    }

    protected final void publish() {
        metrics.publish(running.size(), waiting.size(), kv.usage(), (long) kv.usedBlocks() * kv.blockSize());
        load = running.size() + waiting.size();
    }
}
