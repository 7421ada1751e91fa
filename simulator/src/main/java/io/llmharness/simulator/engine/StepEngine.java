package io.llmharness.simulator.engine;

import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.ArrayList;

/**
 * BATCH latency mode, i.e. continuous batching. The engine runs one step at a time while it has work. A step is
 * planned from the running set in admission order: every decoding sequence contributes one token, then prefilling
 * sequences take what is left of the {@code maxNumBatchedTokens} budget (chunked prefill). The step lasts
 * {@link #stepNanos}; at its end each decoding sequence, and each sequence whose prefill completed,
 * emits one token. New arrivals join at the next step boundary.
 */
final class StepEngine extends Engine {
    private static final double NANOS_PER_MS = 1_000_000.0;
    private final Latency.Batch latency;
    private final ArrayList<Sequence> batch = new ArrayList<>();
    private boolean stepping;
    private boolean stopped;
    private long stepEnd;
    private long stepNanos;
    private EngineClock.Cancellable timer;

    StepEngine(SimulatorOptions options, Latency.Batch latency, EngineClock clock, EngineMetrics metrics) {
        super(options, clock, metrics);
        this.latency = latency;
    }

    /** Duration of a step with {@code batch} sequences and {@code prefillTokens} tokens of prefill work. */
    static long stepNanos(Latency.Batch latency, int batch, int prefillTokens) {
        double ms = latency.decodeStepMs() + latency.decodeStepMsPerSeq() * Math.max(0, batch - 1);
        if (prefillTokens > 0) {
            ms += latency.prefillOverheadMs();
            if (latency.prefillTokensPerSecond() > 0) {
                ms += prefillTokens * 1000.0 / latency.prefillTokensPerSecond();
            }
        }
        return Math.round(ms * NANOS_PER_MS);
    }

    @Override
    protected void onWork(long now) {
        if (!stepping && !stopped) {
            startStep(now);
        }
    }

    private void startStep(long now) {
        while (admitNext(now) != null) {
            // admit as many as slots and KV blocks allow
        }
        batch.clear();
        if (running.isEmpty()) {
            stepping = false;
            publish();
            return;
        }
        int budget = options.capacity().maxNumBatchedTokens();
        for (int i = 0; i < running.size() && budget > 0; i++) {
            Sequence s = running.get(i);
            if (s.decoding()) {
                if (!makeRoom(s, s.contextLength() + 1, now)) {
                    break;
                }
                s.stepPrefill = 0;
                batch.add(s);
                budget--;
            }
        }
        int prefillTokens = 0;
        for (int i = 0; i < running.size() && budget > 0; i++) {
            Sequence s = running.get(i);
            if (!s.decoding()) {
                int chunk = Math.min(s.prefillRemaining, budget);
                s.stepPrefill = chunk;
                budget -= chunk;
                prefillTokens += chunk;
                batch.add(s);
            }
        }
        stepping = true;
        stepNanos = stepNanos(latency, batch.size(), prefillTokens);
        stepEnd = now + stepNanos;
        timer = clock.schedule(stepEnd - clock.nanoTime(), this::endStep);
    }

    private void endStep() {
        timer = null;
        long now = clock.nanoTime();
        int tokens = 0;
        // By index: a listener may stop the engine mid-loop (simulated crash), which empties the batch.
        for (int i = 0; i < batch.size(); i++) {
            Sequence s = batch.get(i);
            if (s.state != Sequence.State.RUNNING) {
                continue;
            }
            if (s.stepPrefill > 0) {
                int chunk = s.stepPrefill;
                s.stepPrefill = 0;
                s.onPrefilled(chunk);
                tokens += chunk;
                if (!s.decoding()) {
                    continue;
                }
            } else {
                tokens++;
            }
            emit(s, now);
        }
        metrics.onIteration(tokens);
        if (stopped) {
            return;
        }
        // Keep the step cadence exact when the timer fired a little late; restart from now when far behind.
        long base = now - stepEnd < stepNanos ? stepEnd : now;
        startStep(base);
    }

    @Override
    protected void stop() {
        stopped = true;
        stepping = false;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        batch.clear();
    }
}
