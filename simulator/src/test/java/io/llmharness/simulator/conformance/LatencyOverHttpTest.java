package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The latency model as a client sees it over loopback (checklist 25, 26, 29). The machine may be loaded (two shared
 * cores), so exact times come from the server's ground truth ({@code /sim/timings}) and client-side figures get
 * generous tolerances: never early, at most +300 ms late end to end (±5 % plus 150 ms for checklist item 29).
 */
class LatencyOverHttpTest extends SimTestSupport {
    private static final long MS = 1_000_000L;

    @Test
    void fixedItlTenMillisTimesHundredTokens() {
        SimulatorServer s = start(SimulatorOptions.defaults().with(Latency.fixed(50, 10)));
        TestClient c = client(s);
        ObjectNode body = streaming(completion("timing", 100));
        var stream = c.stream("/v1/completions", body.toString(), "X-Sim-Record-Timings", "1", "X-Request-Id", "t-100");
        assertThat(stream.sawDone()).isTrue();
        JsonNode truth = c.get("/sim/timings/t-100").json();
        long arrival = truth.get("arrival_ns").asLong();
        JsonNode events = truth.get("event_ns");
        assertThat(truth.get("tokens").asInt()).isEqualTo(100);
        assertThat(events).hasSize(100);
        long first = events.get(0).asLong();
        long last = events.get(99).asLong();
        // server side: TTFT 50 ms, then 99 gaps of 10 ms on an absolute schedule (timer lateness does not add up).
        // Never early relative to arrival; a late first token shortens last - first, so bound that only above.
        assertThat(first - arrival).isBetween(50 * MS, 150 * MS);
        assertThat(last - arrival).isBetween(1040 * MS, 1040 * MS + 100 * MS);
        assertThat(last - first).isLessThanOrEqualTo(990 * MS + 100 * MS);
        // client side, same clock (System.nanoTime in one JVM): e2e ≈ ttft + 99 × itl
        long e2e = stream.events().get(stream.events().size() - 1).nanos() - stream.sentNanos();
        assertThat(e2e).isBetween(1040 * MS, 1040 * MS + 300 * MS);
        long clientFirst = stream.events().get(0).nanos();
        assertThat(clientFirst).isGreaterThanOrEqualTo(first);
    }

    @Test
    void checklist29TtftHundredItlTwelve() {
        SimulatorServer s = start(SimulatorOptions.defaults().with(Latency.fixed(100, 12)));
        var stream = client(s).stream(
                "/v1/completions", streaming(completion("c29", 128)).toString());
        List<TestClient.Event> ev = stream.events();
        long ttft = ev.get(0).nanos() - stream.sentNanos();
        long e2e = ev.get(ev.size() - 1).nanos() - stream.sentNanos();
        long expected = (100 + 127 * 12) * MS;
        assertThat(ttft).isBetween(100 * MS, 250 * MS);
        assertThat(e2e).isBetween(expected, (long) (expected * 1.05) + 150 * MS);
        double meanItl = (ev.get(127).nanos() - ev.get(0).nanos()) / 127.0 / MS;
        assertThat(meanItl).isBetween(11.5, 13.5);
    }

    @Test
    void fourSlotsEightRequestsQueueFourDeep() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxNumSeqs(4))
                .with(Latency.fixed(50, 10)));
        TestClient c = client(s);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<TestClient.Stream>> all = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String body = streaming(completion("queue " + i, 60)).toString();
                all.add(CompletableFuture.supplyAsync(() -> c.stream("/v1/completions", body), pool));
            }
            double running = 0;
            double waiting = 0;
            long deadline = System.nanoTime() + 5_000 * MS;
            while (System.nanoTime() < deadline && !(running == 4 && waiting == 4)) {
                String m = c.get("/metrics").body();
                running = metric(m, "vllm:num_requests_running{");
                waiting = metric(m, "vllm:num_requests_waiting{");
                Thread.sleep(20);
            }
            assertThat(running).isEqualTo(4);
            assertThat(waiting).isEqualTo(4);
            for (var f : all) {
                TestClient.Stream st = f.get(30, TimeUnit.SECONDS);
                assertThat(st.status()).isEqualTo(200);
                assertThat(st.sawDone()).isTrue();
            }
            String m = c.get("/metrics").body();
            assertThat(metric(m, "vllm:num_requests_running{")).isZero();
            assertThat(metric(m, "vllm:request_success_total{engine=\"0\",finished_reason=\"length\""))
                    .isEqualTo(8);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void kvCacheExhaustionQueuesInsteadOfFailing() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS
                        .withMaxModelLen(600)
                        .withKvCacheTokens(1024)
                        .withEnablePrefixCaching(false))
                .with(Latency.fixed(20, 2)));
        TestClient c = client(s);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<CompletableFuture<TestClient.Response>> all = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                ObjectNode body = completion("x", 100);
                var ids = body.putArray("prompt");
                for (int t = 0; t < 300; t++) {
                    ids.add(1000 + i * 300 + t);
                }
                all.add(CompletableFuture.supplyAsync(() -> c.postJson("/v1/completions", body), pool));
            }
            for (var f : all) {
                TestClient.Response r = f.get(30, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.json().at("/usage/completion_tokens").asInt()).isEqualTo(100);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void cancellingAStreamFreesTheSlotAndCountsAnAbort() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults().with(Latency.fixed(10, 20)));
        TestClient c = client(s);
        var partial = c.stream(
                "/v1/completions", streaming(completion("cancel me", 1000)).toString(), 3);
        assertThat(partial.events()).hasSize(3);
        long deadline = System.nanoTime() + 3_000 * MS;
        String m = c.get("/metrics").body();
        while (metric(m, "vllm:num_requests_running{") > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            m = c.get("/metrics").body();
        }
        assertThat(metric(m, "vllm:num_requests_running{")).isZero();
        assertThat(metric(m, "vllm:request_success_total{engine=\"0\",finished_reason=\"abort\""))
                .isEqualTo(1);
        assertThat(s.inFlight()).isZero();
    }

    @Test
    void batchModeStepTimeGrowsWithConcurrency() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Latency.Batch.DEFAULTS
                        .withDecodeStepMs(10)
                        .withDecodeStepMsPerSeq(2)
                        .withPrefillOverheadMs(0)
                        .withPrefillTokensPerSecond(0))
                .with(Recording.DEFAULTS.withRecordTimings(true)));
        TestClient c = client(s);
        c.stream("/v1/completions", streaming(completion("alone", 30)).toString(), "X-Request-Id", "alone");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<TestClient.Stream>> all = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String id = "crowd-" + i;
                String body = streaming(completion("crowd " + i, 30)).toString();
                all.add(CompletableFuture.supplyAsync(
                        () -> c.stream("/v1/completions", body, "X-Request-Id", id), pool));
            }
            for (var f : all) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        double alone = meanGap(c.get("/sim/timings/alone").json());
        double crowd = meanGap(c.get("/sim/timings/crowd-0").json());
        assertThat(alone).isBetween(9.5, 14.0);
        assertThat(crowd).isGreaterThan(alone + 5);
    }

    private static double meanGap(JsonNode timing) {
        JsonNode ev = timing.get("event_ns");
        return (ev.get(ev.size() - 1).asLong() - ev.get(1).asLong()) / (ev.size() - 2.0) / MS;
    }
}
