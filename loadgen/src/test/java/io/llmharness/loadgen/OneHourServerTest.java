package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.clock.VirtualClock;
import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One hour of Server traffic at 10k QPS (about 36M samples) simulated on the virtual clock: proves the
 * per-sample state is primitive (it fits the default test heap) and the whole path is fast.
 */
@Tag("slow")
class OneHourServerTest {

    @TempDir
    Path dir;

    @Test
    void oneHourAtTenThousandQps() {
        VirtualClock clock = new VirtualClock();
        LoadGen lg = new LoadGen(clock);
        FifoSut sut = new FifoSut(clock, lg, 2_000_000);
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.serverTargetQps = 10_000;
        s.minDurationMs = 3_600_000;
        s.scheduleRngSeed = 42;
        long t0 = System.nanoTime();
        TestResult r = lg.startTest(
                sut,
                new RecordingQsl(24_576, 24_576),
                s,
                LogSettings.defaults().withOutdir(dir).withEnableTrace(false));
        long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.sampleCount()).isBetween(35_900_000L, 36_100_000L);
        assertThat(p.samples().max()).isEqualTo(2_000_000);
        assertThat(p.finalQueryScheduledTime()).isGreaterThanOrEqualTo(3600.0);
        assertThat(r.verdict()).isEqualTo(TestResult.Verdict.VALID);
        assertThat(r.errorCount()).isZero();
        // how fast: printed below and quoted in the README ("Performance"); the build's test timeout bounds it
        System.out.printf(
                "one hour of Server at 10k QPS: %d samples in %d s, max heap %d MB%n",
                p.sampleCount(), seconds, Runtime.getRuntime().maxMemory() >> 20);
    }

    /** Completes samples in issue order {@code latency} after issue, keeping one clock event at a time. */
    static final class FifoSut implements SystemUnderTest {
        private final VirtualClock clock;
        private final ResponseSink sink;
        private final long latency;
        private long[] ids = new long[1 << 12];
        private long[] due = new long[1 << 12];
        private int head;
        private int tail;
        private boolean scheduled;

        FifoSut(VirtualClock clock, ResponseSink sink, long latency) {
            this.clock = clock;
            this.sink = sink;
            this.latency = latency;
        }

        @Override
        public String name() {
            return "FifoSUT";
        }

        @Override
        public void issueQuery(List<QuerySample> samples) {
            for (QuerySample s : samples) {
                if (tail - head == ids.length) {
                    grow();
                }
                ids[tail & (ids.length - 1)] = s.id();
                due[tail & (ids.length - 1)] = clock.nanoTime() + latency;
                tail++;
            }
            if (!scheduled) {
                scheduleHead();
            }
        }

        private void scheduleHead() {
            scheduled = true;
            clock.schedule(due[head & (ids.length - 1)], this::drain);
        }

        private void drain() {
            long now = clock.nanoTime();
            while (head != tail && due[head & (ids.length - 1)] <= now) {
                sink.querySamplesComplete(new QuerySampleResponse(ids[head & (ids.length - 1)], null));
                head++;
            }
            scheduled = false;
            if (head != tail) {
                scheduleHead();
            }
        }

        private void grow() {
            long[] ni = new long[ids.length * 2];
            long[] nd = new long[ids.length * 2];
            for (int i = head; i < tail; i++) {
                ni[i & (ni.length - 1)] = ids[i & (ids.length - 1)];
                nd[i & (nd.length - 1)] = due[i & (due.length - 1)];
            }
            ids = ni;
            due = nd;
        }

        @Override
        public void flushQueries() {}
    }
}
