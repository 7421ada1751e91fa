package io.llmharness.client.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ClientSamplerTest {

    @Test
    void seesALoopThatIsBlocked() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            LlmClient client = LlmClient.start(
                            vertx,
                            ClientOptions.builder()
                                    .baseUrls("http://127.0.0.1:9")
                                    .eventLoops(1)
                                    .build())
                    .await();
            ClientSampler sampler = ClientSampler.start(client, Duration.ofMillis(2));
            CountDownLatch blocked = new CountDownLatch(1);
            // a task that holds the loop for 300 ms: the probes posted meanwhile wait behind it
            client.eventLoops().get(0).execute(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                blocked.countDown();
            });
            assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
            // the loop runs its tasks in order: once this one ran, so did the probes queued behind the blocking task
            CountDownLatch drained = new CountDownLatch(1);
            client.eventLoops().get(0).execute(drained::countDown);
            assertThat(drained.await(10, TimeUnit.SECONDS)).isTrue();
            ClientSamples s = sampler.stop();
            assertThat(s.eventLoops()).isEqualTo(1);
            assertThat(s.loopLags().getMaxValue())
                    .as("a probe waited behind the 300 ms task")
                    .isGreaterThan(100_000_000L);
            assertThat(s.windowNs()).isGreaterThanOrEqualTo(300_000_000L);
            assertThat(s.availableCores()).isPositive();
            assertThat(sampler.stop()).as("stop is idempotent").isSameAs(s);
            client.close().await();
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void pauseCollectorsAreToldFromConcurrentOnes() {
        assertThat(GcWatch.isPause("G1 Young Generation")).isTrue();
        assertThat(GcWatch.isPause("ZGC Minor Pauses")).isTrue();
        assertThat(GcWatch.isPause("Copy")).isTrue();
        assertThat(GcWatch.isPause("G1 Concurrent GC")).isFalse();
        assertThat(GcWatch.isPause("ZGC Major Cycles")).isFalse();
        assertThat(GcWatch.isPause("Shenandoah Cycles")).isFalse();
    }

    @Test
    void readsCpuTicksFromAStatLine() {
        String stat = "1234 (C2 CompilerThre) S 1 2 3 4 5 6 7 8 9 10 250 17 0 0 20 0";
        assertThat(CompilerCpu.cpuTicks(stat)).isEqualTo(267);
        assertThat(new CompilerCpu().nanos()).isGreaterThanOrEqualTo(-1);
    }
}
