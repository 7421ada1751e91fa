package io.llmharness.simulator.engine;

import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * FIXED latency mode: each running sequence has its own deadline (admission + TTFT, then one ITL per token, on an
 * absolute schedule so timer lateness does not accumulate). A single timer is armed for the earliest deadline;
 * when it fires every sequence that is due gets its token.
 */
final class FixedEngine extends Engine {
    private final PriorityQueue<Sequence> due = new PriorityQueue<>(
            Comparator.<Sequence>comparingLong(s -> s.nextEmitNanos).thenComparingLong(s -> s.admitOrder));
    private final FixedTiming latency;
    private EngineClock.Cancellable timer;
    private long timerAt = Long.MAX_VALUE;
    private boolean inLoop;
    private boolean stopped;

    FixedEngine(SimulatorOptions options, Latency.Fixed latency, EngineClock clock, EngineMetrics metrics, long seed) {
        super(options, clock, metrics);
        this.latency = new FixedTiming(latency, options.capacity().maxNumSeqs(), seed);
    }

    @Override
    protected void onWork(long now) {
        if (inLoop || stopped) {
            return;
        }
        inLoop = true;
        try {
            boolean progress = true;
            while (progress && !stopped) {
                progress = false;
                Sequence admitted;
                while ((admitted = admitNext(now)) != null) {
                    admitted.nextEmitNanos = now + latency.ttftNanos(running.size());
                    due.add(admitted);
                }
                Sequence s;
                while (!stopped && (s = due.peek()) != null && s.nextEmitNanos <= now) {
                    due.poll();
                    if (!s.decoding()) {
                        s.onPrefilled(s.prefillRemaining);
                    }
                    if (emit(s, now) == null && makeRoom(s, s.contextLength() + 1, now)) {
                        s.nextEmitNanos += latency.itlNanos(running.size());
                        due.add(s);
                    }
                    progress = true;
                }
            }
        } finally {
            inLoop = false;
        }
        if (!stopped) {
            arm(now);
        }
    }

    private void arm(long now) {
        Sequence head = due.peek();
        long at = head == null ? Long.MAX_VALUE : head.nextEmitNanos;
        if (at == timerAt) {
            return;
        }
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        timerAt = at;
        if (head != null) {
            timer = clock.schedule(at - now, () -> {
                timer = null;
                timerAt = Long.MAX_VALUE;
                onWork(clock.nanoTime());
            });
        }
    }

    @Override
    protected void onRemoved(Sequence s) {
        due.remove(s);
    }

    @Override
    protected void stop() {
        stopped = true;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        due.clear();
    }
}
