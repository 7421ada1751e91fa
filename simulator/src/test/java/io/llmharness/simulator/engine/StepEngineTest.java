package io.llmharness.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepEngineTest {
    private final ManualClock clock = new ManualClock();
    private final Recorder rec = new Recorder();

    private static final Capacity NO_PREFIX_CACHING = Capacity.DEFAULTS.withEnablePrefixCaching(false);

    private static SimulatorOptions batch(Capacity capacity) {
        return SimulatorOptions.defaults()
                .with(capacity)
                .with(Latency.Batch.DEFAULTS
                        .withDecodeStepMs(10)
                        .withDecodeStepMsPerSeq(1)
                        .withPrefillOverheadMs(5)
                        .withPrefillTokensPerSecond(10000));
    }

    private Engine engine(SimulatorOptions o) {
        return Engine.create(o, clock, new EngineMetrics(0, o.capacity().maxModelLen(), false), 1);
    }

    @Test
    void singleSequencePrefillThenOneTokenPerStep() {
        Engine e = engine(batch(NO_PREFIX_CACHING));
        long t0 = clock.now();
        e.submit(Recorder.list(rec.sequence(0, 1000, 5, t0)));
        clock.runAll(10_000_000_000L);
        List<Long> t = rec.times(0);
        // prefill step: 10 ms step + 5 ms overhead + 1000 tokens / 10000 tok/s = 115 ms
        assertThat(t.get(0) - t0).isEqualTo(115_000_000L);
        for (int i = 1; i < t.size(); i++) {
            assertThat(t.get(i) - t.get(i - 1)).isEqualTo(10_000_000L);
        }
    }

    @Test
    void stepTimeGrowsWithTheBatch() {
        Engine e = engine(batch(NO_PREFIX_CACHING));
        long t0 = clock.now();
        e.submit(Recorder.list(
                rec.sequence(0, 100, 5, t0),
                rec.sequence(1, 100, 5, t0),
                rec.sequence(2, 100, 5, t0),
                rec.sequence(3, 100, 5, t0)));
        clock.runAll(10_000_000_000L);
        // all four prefill together (400 tokens): 10 + 3×1 + 5 + 40 = 58 ms; then decode steps of 13 ms
        for (int i = 0; i < 4; i++) {
            List<Long> t = rec.times(i);
            assertThat(t.get(0) - t0).isEqualTo(58_000_000L);
            assertThat(t.get(1) - t.get(0)).isEqualTo(13_000_000L);
        }
    }

    @Test
    void longPromptsArePrefilledInChunks() {
        Engine e = engine(batch(NO_PREFIX_CACHING.withMaxNumBatchedTokens(1000)));
        long t0 = clock.now();
        e.submit(Recorder.list(rec.sequence(0, 2500, 2, t0)));
        clock.runAll(10_000_000_000L);
        // three prefill steps: 1000 (115 ms), 1000 (115 ms), 500 (65 ms)
        assertThat(rec.times(0).get(0) - t0).isEqualTo(295_000_000L);
    }

    @Test
    void maxNumSeqsQueuesTheRest() {
        Engine e = engine(batch(NO_PREFIX_CACHING.withMaxNumSeqs(4)));
        for (int i = 0; i < 8; i++) {
            e.submit(Recorder.list(rec.sequence(i, 64, 50, clock.now())));
        }
        // the first arrival started a step on its own; the others join at its end (a step boundary)
        clock.advanceMillis(1);
        assertThat(e.metrics().running()).isEqualTo(1);
        assertThat(e.metrics().waiting()).isEqualTo(7);
        clock.advanceMillis(30);
        assertThat(e.metrics().running()).isEqualTo(4);
        assertThat(e.metrics().waiting()).isEqualTo(4);
        clock.runAll(100_000_000_000L);
        assertThat(e.metrics().finishedCount("length")).isEqualTo(8);
        assertThat(rec.times(7).get(0)).isGreaterThan(rec.times(0).get(49));
    }

    @Test
    void prefixCacheHitsShortenPrefill() {
        Engine e = engine(batch(Capacity.DEFAULTS));
        int[] prompt = new int[1600];
        for (int i = 0; i < prompt.length; i++) {
            prompt[i] = 500 + i;
        }
        long t0 = clock.now();
        e.submit(Recorder.list(rec.sequence(0, prompt, 2, t0)));
        clock.runAll(10_000_000_000L);
        long cold = rec.times(0).get(0) - t0;
        long t1 = clock.now();
        e.submit(Recorder.list(rec.sequence(1, prompt, 2, t1)));
        clock.runAll(10_000_000_000L);
        long warm = rec.times(1).get(0) - t1;
        assertThat(cold).isEqualTo(175_000_000L); // 10 + 5 + 160
        assertThat(warm).isEqualTo(16_600_000L); // 10 + 5 + 16 tokens (one block recomputed)
        assertThat(e.metrics().finishedCount("length")).isEqualTo(2);
    }

    @Test
    void aListenerMayStopTheEngineWhileAStepEmits() {
        // --exit-after-requests: the answer to one request kills the engine from inside the step that produced it
        Engine e = engine(batch(NO_PREFIX_CACHING));
        rec.reaction = (seq, emit) -> {
            if (emit.finish() == FinishReason.LENGTH) {
                e.abortAll(FinishReason.ERROR, true);
            }
        };
        long t0 = clock.now();
        e.submit(Recorder.list(rec.sequence(0, 10, 3, t0), rec.sequence(1, 10, 50, t0), rec.sequence(2, 10, 50, t0)));
        clock.runAll(10_000_000_000L);
        assertThat(rec.finish(0)).isEqualTo(FinishReason.LENGTH);
        assertThat(rec.finish(1)).isEqualTo(FinishReason.ERROR);
        assertThat(rec.finish(2)).isEqualTo(FinishReason.ERROR);
        // the step that finished sequence 0 gives the others no token after the engine died
        assertThat(rec.times(1)).hasSize(2);
        assertThat(rec.times(2)).hasSize(2);
        assertThat(e.metrics().finishedCount("length")).isEqualTo(1);
        assertThat(e.metrics().finishedCount("error")).isEqualTo(2);
        assertThat(e.metrics().running()).isZero();
    }

    @Test
    void aListenerAbortingOnTheLastTokenCountsTheRequestOnce() {
        // a stream fault that drops the connection when the last chunk is due aborts the finished sequence
        Engine e = engine(batch(NO_PREFIX_CACHING));
        rec.reaction = (seq, emit) -> {
            if (emit.finish() != null) {
                e.abort(seq, FinishReason.ABORT, false);
            }
        };
        e.submit(Recorder.list(rec.sequence(0, 10, 3, clock.now())));
        clock.runAll(10_000_000_000L);
        assertThat(e.metrics().finishedCount("length")).isEqualTo(1);
        assertThat(e.metrics().finishedCount("abort")).isZero();
    }

    @Test
    void zeroCostStepsStillFinish() {
        Engine e = engine(SimulatorOptions.defaults()
                .with(Latency.Batch.DEFAULTS
                        .withDecodeStepMs(0)
                        .withDecodeStepMsPerSeq(0)
                        .withPrefillOverheadMs(0)
                        .withPrefillTokensPerSecond(0)));
        e.submit(Recorder.list(rec.sequence(0, 10, 20, clock.now())));
        clock.runAll(1_000_000L);
        assertThat(rec.times(0)).hasSize(20);
    }
}
