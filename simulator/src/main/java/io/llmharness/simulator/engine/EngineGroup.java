package io.llmharness.simulator.engine;

import io.llmharness.simulator.Admission;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The engines of one server ({@code dataParallelSize} of them) and the only way in from other threads: calls are
 * forwarded to the engine thread through {@code engineThread}. A request's sequences all go to the least loaded
 * engine. With zero latency configured, requests bypass the engines' timers and run on the caller's thread.
 */
public final class EngineGroup {
    private final SimulatorOptions options;
    private final Executor engineThread;
    private final List<Engine> engines = new ArrayList<>();
    private final List<InstantRunner> instant = new ArrayList<>();
    private final AtomicInteger roundRobin = new AtomicInteger();
    private volatile boolean stopped;

    /**
     * @param engineThread runs tasks on the engines' thread (directly when already on it)
     */
    public EngineGroup(SimulatorOptions options, EngineClock clock, Executor engineThread) {
        this.options = options;
        this.engineThread = engineThread;
        boolean sglang = options.identity().sglang();
        for (int i = 0; i < options.parallelism().dataParallelSize(); i++) {
            EngineMetrics m = new EngineMetrics(i, options.capacity().maxModelLen(), sglang);
            Engine e = Engine.create(options, clock, m, options.seed() * 31 + i);
            engines.add(e);
            instant.add(new InstantRunner(e.kvCache(), m, options.capacity().enablePrefixCaching()));
        }
    }

    public List<EngineMetrics> metrics() {
        return engines.stream().map(Engine::metrics).toList();
    }

    /** KV-cache capacity of one engine, in tokens. */
    public long kvCapacityTokens() {
        return (long) engines.get(0).kvCache().totalBlocks()
                * options.capacity().blockSize();
    }

    /** Blocks per engine (reported as {@code num_gpu_blocks}). */
    public int kvBlocks() {
        return engines.get(0).kvCache().totalBlocks();
    }

    /**
     * Queues a request's sequences. {@code result} is called exactly once, on the engine thread (or the caller's
     * thread in zero-latency mode), before any output of an accepted request.
     */
    public void submit(List<Sequence> seqs, Consumer<SubmitResult> result) {
        if (stopped) {
            result.accept(SubmitResult.STOPPED);
            return;
        }
        if (options.latency().isZero()) {
            int i = engines.size() == 1 ? 0 : Math.floorMod(roundRobin.getAndIncrement(), engines.size());
            result.accept(SubmitResult.ACCEPTED);
            instant.get(i).run(seqs);
            return;
        }
        engineThread.execute(() -> {
            if (stopped) {
                result.accept(SubmitResult.STOPPED);
                return;
            }
            Engine target = leastLoaded();
            int queued = target.waitingCount() + seqs.size();
            Admission admission = options.admission();
            if (admission.maxWaitingQueueLength() > 0 && queued > admission.maxWaitingQueueLength()) {
                result.accept(SubmitResult.QUEUE_FULL_RATE_LIMIT);
                return;
            }
            if (admission.maxNumQueuedRequests() > 0 && queued > admission.maxNumQueuedRequests()) {
                result.accept(SubmitResult.QUEUE_FULL_UNAVAILABLE);
                return;
            }
            for (Sequence s : seqs) {
                s.engine = target;
            }
            result.accept(SubmitResult.ACCEPTED);
            target.submit(seqs);
        });
    }

    private Engine leastLoaded() {
        Engine best = engines.get(0);
        for (Engine e : engines) {
            if (e.load() < best.load()) {
                best = e;
            }
        }
        return best;
    }

    /** The client went away: drop the sequences and count them as aborted (listeners are not called). */
    public void abort(List<Sequence> seqs) {
        if (options.latency().isZero()) {
            return;
        }
        engineThread.execute(() -> {
            for (Sequence s : seqs) {
                if (s.engine != null) {
                    s.engine.abort(s, FinishReason.ABORT, false);
                }
            }
        });
    }

    /** Ends every queued and running sequence with {@code reason}, telling listeners; no new work is accepted. */
    public void abortAll(FinishReason reason) {
        stopAll(reason, true);
    }

    /**
     * The simulated engine death: every queued and running sequence ends with {@code error} in the metrics, but
     * listeners are not told (their connections are dropped instead); no new work is accepted.
     */
    public void crash() {
        stopAll(FinishReason.ERROR, false);
    }

    private void stopAll(FinishReason reason, boolean notify) {
        stopped = true;
        engineThread.execute(() -> {
            for (Engine e : engines) {
                e.abortAll(reason, notify);
            }
        });
    }

    public boolean stopped() {
        return stopped;
    }

    /** Drops idle prefix-cache blocks on every engine. */
    public void clearPrefixCache() {
        engineThread.execute(() -> {
            for (Engine e : engines) {
                synchronized (e.kvCache()) {
                    e.clearPrefixCache();
                }
            }
        });
    }

    /** Running plus waiting sequences over all engines (approximate, from any thread). */
    public int load() {
        int total = 0;
        for (Engine e : engines) {
            total += e.load();
        }
        return total;
    }
}
