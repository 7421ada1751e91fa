package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
 * The latency model as a client sees it over loopback (checklist 25, 26, 29). The exact schedules are unit-tested on
 * a virtual clock ({@code FixedEngineTest}, {@code StepEngineTest}); here the machine may be loaded (two shared
 * cores), so the checks are the ones no load can break: against the server's ground truth ({@code /sim/timings}) no
 * token is written before its scheduled time, and the client never reads a chunk before the server wrote it. How late
 * tokens arrive on this machine is measured by {@code perf/timing-accuracy.sh}.
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
        assertThat(truth.get("tokens").asInt()).isEqualTo(100);
        // server side: TTFT 50 ms, then 99 gaps of 10 ms on an absolute schedule from the arrival
        assertNeverEarly(truth, 50 * MS, 10 * MS);
        // client side, same clock (System.nanoTime in one JVM): sent before the server saw it, read after it was
        // written
        assertThat(stream.sentNanos())
                .isLessThanOrEqualTo(truth.get("arrival_ns").asLong());
        assertReadAfterWritten(stream, truth);
    }

    @Test
    void checklist29TtftHundredItlTwelve() {
        SimulatorServer s = start(SimulatorOptions.defaults().with(Latency.fixed(100, 12)));
        TestClient c = client(s);
        var stream = c.stream(
                "/v1/completions",
                streaming(completion("c29", 128)).toString(),
                "X-Sim-Record-Timings",
                "1",
                "X-Request-Id",
                "c29");
        JsonNode truth = c.get("/sim/timings/c29").json();
        assertThat(truth.get("tokens").asInt()).isEqualTo(128);
        assertNeverEarly(truth, 100 * MS, 12 * MS);
        assertReadAfterWritten(stream, truth);
        // the client's own figures: TTFT at least 100 ms, E2E at least 100 + 127 x 12 ms
        List<TestClient.Event> ev = stream.events();
        assertThat(ev.get(0).nanos() - stream.sentNanos()).isGreaterThanOrEqualTo(100 * MS);
        assertThat(ev.get(127).nanos() - stream.sentNanos()).isGreaterThanOrEqualTo((100 + 127 * 12) * MS);
    }

    /** Token {@code i} is written no earlier than {@code ttft + i * itl} after the request arrived, in order. */
    private static void assertNeverEarly(JsonNode truth, long ttft, long itl) {
        long arrival = truth.get("arrival_ns").asLong();
        JsonNode events = truth.get("event_ns");
        assertThat(events).hasSize(truth.get("tokens").asInt());
        for (int i = 0; i < events.size(); i++) {
            long at = events.get(i).asLong() - arrival;
            assertThat(at)
                    .as("token %d, scheduled at %d ms", i, (ttft + i * itl) / MS)
                    .isGreaterThanOrEqualTo(ttft + i * itl);
            if (i > 0) {
                assertThat(events.get(i).asLong())
                        .isGreaterThanOrEqualTo(events.get(i - 1).asLong());
            }
        }
    }

    /** One token per chunk: the client read chunk {@code i} after the server wrote it. */
    private static void assertReadAfterWritten(TestClient.Stream stream, JsonNode truth) {
        JsonNode events = truth.get("event_ns");
        for (int i = 0; i < events.size(); i++) {
            assertThat(stream.events().get(i).nanos())
                    .as("chunk %d", i)
                    .isGreaterThanOrEqualTo(events.get(i).asLong());
        }
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
            // 200 tokens: the first four run for 2 s, time enough for the other four to arrive on a busy machine
            for (int i = 0; i < 8; i++) {
                String body = streaming(completion("queue " + i, 200)).toString();
                all.add(CompletableFuture.supplyAsync(() -> c.stream("/v1/completions", body), pool));
            }
            await().atMost(30, TimeUnit.SECONDS).untilAsserted(() -> {
                String m = c.get("/metrics").body();
                assertThat(metric(m, "vllm:num_requests_running{")).isEqualTo(4);
                assertThat(metric(m, "vllm:num_requests_waiting{")).isEqualTo(4);
            });
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
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metric(c.get("/metrics").body(), "vllm:num_requests_running{") == 0);
        String m = c.get("/metrics").body();
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
        // One step at a time, each 10 ms + 2 ms per sequence beyond the first, one token per sequence per step.
        // Alone: 30 steps of 10 ms. Crowd: 240 tokens in at least 30 steps, so at least 8 x 30 + 2 x 240 = 720 ms
        // from the first arrival to the last token (300 ms if the batch did not cost more per sequence).
        JsonNode alone = c.get("/sim/timings/alone").json();
        assertThat(span(List.of(alone))).isGreaterThanOrEqualTo(300 * MS);
        List<JsonNode> crowd = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            crowd.add(c.get("/sim/timings/crowd-" + i).json());
        }
        assertThat(crowd).allMatch(t -> t.get("tokens").asInt() == 30);
        assertThat(span(crowd)).isGreaterThanOrEqualTo(720 * MS);
    }

    /** From the first arrival to the last token written, over the given requests. */
    private static long span(List<JsonNode> timings) {
        long first = timings.stream()
                .mapToLong(t -> t.get("arrival_ns").asLong())
                .min()
                .orElseThrow();
        long last = timings.stream()
                .mapToLong(
                        t -> t.get("event_ns").get(t.get("event_ns").size() - 1).asLong())
                .max()
                .orElseThrow();
        return last - first;
    }
}
