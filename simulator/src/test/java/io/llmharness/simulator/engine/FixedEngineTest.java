package io.llmharness.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedEngineTest {
    private final ManualClock clock = new ManualClock();
    private final Recorder rec = new Recorder();

    private Engine engine(SimulatorOptions o) {
        return Engine.create(o, clock, new EngineMetrics(0, o.capacity().maxModelLen(), false), 1);
    }

    @Test
    void tokensFollowTtftThenItlExactly() {
        Engine e = engine(SimulatorOptions.defaults().with(Latency.fixed(100, 10)));
        long t0 = clock.now();
        e.submit(Recorder.list(rec.sequence(0, 32, 100, t0)));
        clock.runAll(10_000_000_000L);
        List<Long> times = rec.times(0);
        assertThat(times).hasSize(100);
        assertThat(times.get(0) - t0).isEqualTo(100_000_000L);
        for (int i = 1; i < times.size(); i++) {
            assertThat(times.get(i) - times.get(i - 1)).isEqualTo(10_000_000L);
        }
        assertThat(times.get(99) - t0).isEqualTo(100_000_000L + 99 * 10_000_000L);
        assertThat(rec.finish(0)).isEqualTo(FinishReason.LENGTH);
    }

    @Test
    void aSequenceAbortedByItsListenerGetsNoMoreTokens() {
        // a stream fault drops the connection after two tokens, aborting the sequence from inside the callback
        Engine e = engine(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withEnablePrefixCaching(false))
                .with(Latency.fixed(10, 5)));
        rec.reaction = (seq, emit) -> {
            if (rec.times(0).size() == 2) {
                e.abort(seq, FinishReason.ABORT, false);
            }
        };
        e.submit(Recorder.list(rec.sequence(0, 32, 20, clock.now())));
        clock.runAll(10_000_000_000L);
        assertThat(rec.times(0)).hasSize(2);
        assertThat(e.metrics().finishedCount("abort")).isEqualTo(1);
        assertThat(e.metrics().finishedCount("length")).isZero();
        assertThat(e.kvCache().usedBlocks()).isZero();
    }

    @Test
    void aListenerMayStopTheEngineWhileTokensAreDue() {
        Engine e = engine(SimulatorOptions.defaults().with(Latency.fixed(10, 5)));
        rec.reaction = (seq, emit) -> {
            if (emit.finish() == FinishReason.LENGTH) {
                e.abortAll(FinishReason.ERROR, true);
            }
        };
        long t0 = clock.now();
        e.submit(Recorder.list(rec.sequence(0, 16, 3, t0), rec.sequence(1, 16, 50, t0)));
        clock.runAll(10_000_000_000L);
        assertThat(rec.finish(0)).isEqualTo(FinishReason.LENGTH);
        assertThat(rec.finish(1)).isEqualTo(FinishReason.ERROR);
        assertThat(rec.times(1)).hasSize(2);
        assertThat(e.metrics().finishedCount("length")).isEqualTo(1);
        assertThat(e.metrics().finishedCount("error")).isEqualTo(1);
    }

    @Test
    void runningSlotsLimitConcurrencyAndQueueFifo() {
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxNumSeqs(4))
                .with(Latency.fixed(50, 10));
        Engine e = engine(o);
        long t0 = clock.now();
        for (int i = 0; i < 8; i++) {
            e.submit(Recorder.list(rec.sequence(i, 16, 10, t0)));
        }
        clock.advanceMillis(1);
        assertThat(e.metrics().running()).isEqualTo(4);
        assertThat(e.metrics().waiting()).isEqualTo(4);
        clock.runAll(10_000_000_000L);
        // the second wave starts when the first finishes: ttft 50 + 9 × 10 = 140 ms later
        assertThat(rec.times(4).get(0) - t0).isEqualTo(140_000_000L + 50_000_000L);
        assertThat(e.metrics().running()).isZero();
        assertThat(e.metrics().finishedCount("length")).isEqualTo(8);
    }

    @Test
    void fullKvCacheQueuesInsteadOfFailing() {
        // 4096 tokens of KV: each request needs 1000 + 100 tokens, so only three fit at once.
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS
                        .withMaxModelLen(2048)
                        .withKvCacheTokens(4096)
                        .withEnablePrefixCaching(false))
                .with(Latency.fixed(10, 1));
        Engine e = engine(o);
        for (int i = 0; i < 6; i++) {
            e.submit(Recorder.list(rec.sequence(i, 1000, 100, clock.now())));
        }
        clock.advanceMillis(1);
        assertThat(e.metrics().running()).isBetween(1, 4);
        assertThat(e.metrics().waiting()).isGreaterThan(0);
        clock.runAll(60_000_000_000L);
        for (int i = 0; i < 6; i++) {
            assertThat(rec.finish(i)).isEqualTo(FinishReason.LENGTH);
            assertThat(rec.times(i)).hasSize(100);
        }
        assertThat(e.kvCache().usedBlocks()).isZero();
    }

    @Test
    void kvPressureDuringDecodePreemptsAndRecomputes() {
        // Two requests fit at admission but not when both have generated all their tokens.
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS
                        .withMaxModelLen(1024)
                        .withKvCacheTokens(1200)
                        .withEnablePrefixCaching(false))
                .with(Latency.fixed(5, 1));
        Engine e = engine(o);
        e.submit(Recorder.list(rec.sequence(0, 400, 400, clock.now()), rec.sequence(1, 400, 400, clock.now())));
        clock.runAll(60_000_000_000L);
        assertThat(rec.times(0)).hasSize(400);
        assertThat(rec.times(1)).hasSize(400);
        assertThat(e.metrics().finishedCount("length")).isEqualTo(2);
        assertThat(e.kvCache().usedBlocks()).isZero();
    }

    @Test
    void abortFreesTheSlotAtOnce() {
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxNumSeqs(1))
                .with(Latency.fixed(10, 10));
        Engine e = engine(o);
        Sequence first = rec.sequence(0, 16, 1000, clock.now());
        Sequence second = rec.sequence(1, 16, 5, clock.now());
        e.submit(Recorder.list(first, second));
        clock.advanceMillis(55);
        e.abort(first, FinishReason.ABORT, false);
        assertThat(e.metrics().running()).isEqualTo(1);
        assertThat(e.metrics().finishedCount("abort")).isEqualTo(1);
        clock.runAll(1_000_000_000L);
        assertThat(rec.finish(1)).isEqualTo(FinishReason.LENGTH);
    }

    @Test
    void loadFactorStretchesLatencyWhenTheBatchIsFull() {
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxNumSeqs(2))
                .with(Latency.fixed(10, 10).withTimeFactorUnderLoad(2.0));
        Engine e = engine(o);
        e.submit(Recorder.list(rec.sequence(0, 16, 3, clock.now()), rec.sequence(1, 16, 3, clock.now())));
        clock.runAll(1_000_000_000L);
        List<Long> t = rec.times(1);
        assertThat(t.get(1) - t.get(0)).isEqualTo(20_000_000L);
    }
}
