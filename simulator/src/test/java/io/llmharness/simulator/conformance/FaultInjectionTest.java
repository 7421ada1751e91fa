package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Faults;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.TestClient;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Fault injection by header and by server option (checklist 3, 19–21, 23, 24; §6.7.9). */
class FaultInjectionTest extends SimTestSupport {
    private static final long MS = 1_000_000L;

    private TestClient zero() {
        return client(start(SimulatorOptions.defaults().with(Latency.zero())));
    }

    private TestClient timed() {
        return client(start(SimulatorOptions.defaults().with(Latency.fixed(5, 5))));
    }

    private static String stream(int tokens) {
        return streaming(completion("fault", tokens)).toString();
    }

    @Test
    void returnErrorHeaderForcesAStatus() {
        TestClient c = zero();
        var r = c.postJson("/v1/completions", completion("x", 2), "X-Return-Error", "503");
        assertThat(r.status()).isEqualTo(503);
        assertThat(r.json().at("/error/code").asInt()).isEqualTo(503);
        assertThat(c.postJson("/v1/completions", completion("x", 2), "X-Return-Error", "abc")
                        .status())
                .isEqualTo(400);
        var rl = c.postJson("/v1/completions", completion("x", 2), "X-Sim-Fault", "status=429");
        assertThat(rl.status()).isEqualTo(429);
        assertThat(rl.json().at("/error/type").asText()).isEqualTo("RateLimitError");
        assertThat(c.postJson("/v1/completions", completion("x", 2), "X-Sim-Fault", "explode")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void resetAndCloseMidStreamEndWithoutDone() {
        TestClient c = timed();
        var reset = c.stream("/v1/completions", stream(20), "X-Sim-Fault", "reset-after=3");
        assertThat(reset.sawDone()).isFalse();
        assertThat(reset.events().size()).isLessThanOrEqualTo(3);
        var closed = c.stream("/v1/completions", stream(20), "X-Sim-Fault", "close-after=3");
        assertThat(closed.sawDone()).isFalse();
        assertThat(closed.events()).hasSize(3);
    }

    @Test
    void noDoneSendsEverythingButTheTerminator() {
        var s = zero().stream("/v1/completions", stream(4), "X-Sim-Fault", "no-done");
        assertThat(s.sawDone()).isFalse();
        List<JsonNode> chunks = s.chunks();
        assertThat(chunks.get(chunks.size() - 1).has("usage")).isTrue();
        assertThat(chunks.get(chunks.size() - 2).at("/choices/0/finish_reason").asText())
                .isEqualTo("length");
    }

    @Test
    void errorAfterSendsAnErrorEventThenDone() {
        var s = timed().stream("/v1/completions", stream(20), "X-Sim-Fault", "error-after=2");
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.sawDone()).isTrue();
        List<TestClient.Event> ev = s.events();
        assertThat(ev).hasSize(4);
        JsonNode err = ev.get(2).json();
        assertThat(err.at("/error/type").asText()).isEqualTo("InternalServerError");
        assertThat(err.at("/error/code").asInt()).isEqualTo(500);
    }

    @Test
    void malformedChunkThenTheStreamContinues() {
        var s = zero().stream("/v1/completions", stream(5), "X-Sim-Fault", "malformed-after=2");
        assertThat(s.sawDone()).isTrue();
        long broken = s.events().stream()
                .filter(e -> !e.done())
                .filter(e -> {
                    try {
                        e.json();
                        return false;
                    } catch (UncheckedIOException ex) {
                        return true;
                    }
                })
                .count();
        assertThat(broken).isEqualTo(1);
    }

    @Test
    void stallDelaysTheRestOfTheStream() {
        TestClient c = timed();
        var s = c.stream(
                "/v1/completions",
                stream(6),
                "X-Sim-Fault",
                "stall-after=2;stall-ms=500",
                "X-Sim-Record-Timings",
                "1",
                "X-Request-Id",
                "stalled");
        assertThat(s.sawDone()).isTrue();
        // when the server wrote them (a late read of the second chunk would shorten the gap the client sees)
        JsonNode written = c.get("/sim/timings/stalled").json().get("event_ns");
        assertThat(written.get(2).asLong() - written.get(1).asLong()).isGreaterThanOrEqualTo(490 * MS);
    }

    @Test
    void endlessStallIsAbortedByTheClient() throws Exception {
        SimulatorServer sim = start(SimulatorOptions.defaults().with(Latency.fixed(5, 5)));
        TestClient c = client(sim);
        // 5000 tokens: the engine is still generating (for 25 s) when the client goes away
        var s = c.stream("/v1/completions", stream(5000), 2, "X-Sim-Fault", "stall-after=2");
        assertThat(s.events()).hasSize(2);
        await().atMost(30, TimeUnit.SECONDS).until(() -> sim.inFlight() == 0);
        String m = c.get("/metrics").body();
        assertThat(metric(m, "vllm:request_success_total{engine=\"0\",finished_reason=\"abort\""))
                .isEqualTo(1);
    }

    @Test
    void slowHeaders() {
        var s = zero().stream("/v1/completions", stream(3), "X-Sim-Fault", "slow-headers-ms=400");
        assertThat(s.headersNanos() - s.sentNanos()).isGreaterThanOrEqualTo(390 * MS);
        assertThat(s.sawDone()).isTrue();
    }

    @Test
    void nonStreamingFaults() {
        TestClient c = timed();
        var err = c.postJson("/v1/completions", completion("x", 10), "X-Sim-Fault", "error-after=3");
        assertThat(err.status()).isEqualTo(500);
        assertThat(err.json().at("/error/type").asText()).isEqualTo("InternalServerError");
        assertThatThrownBy(() -> c.postJson("/v1/completions", completion("x", 10), "X-Sim-Fault", "reset-after=3"))
                .isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void fullWaitingQueueGives429OrConfigured503() throws Exception {
        for (boolean vllm2026 : new boolean[] {false, true}) {
            SimulatorOptions b = SimulatorOptions.defaults()
                    .with(Capacity.DEFAULTS.withMaxNumSeqs(1))
                    .with(Latency.fixed(5, 20));
            SimulatorServer sim = start(
                    vllm2026
                            ? b.with(Admission.DEFAULTS.withMaxNumQueuedRequests(1))
                            : b.with(Admission.DEFAULTS.withMaxWaitingQueueLength(1)));
            TestClient c = client(sim);
            List<CompletableFuture<TestClient.Response>> first = new ArrayList<>();
            // one running (100 tokens: 2 s, time enough on a busy machine), then one waiting: the queue is full
            for (int tokens : new int[] {100, 15}) {
                first.add(CompletableFuture.supplyAsync(() -> c.postJson("/v1/completions", completion("q", tokens))));
                int expected = first.size();
                await().atMost(30, TimeUnit.SECONDS).until(() -> sim.inFlight() == expected);
            }
            var rejected = c.postJson("/v1/completions", completion("q", 5));
            assertThat(rejected.status()).isEqualTo(vllm2026 ? 503 : 429);
            if (!vllm2026) {
                assertThat(rejected.json().at("/error/message").asText())
                        .isEqualTo("Failed to enqueue request, waiting requests queue is full");
            }
            for (var f : first) {
                assertThat(f.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            }
        }
    }

    @Test
    void failureInjectionRateAndTypes() {
        TestClient c = client(start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Faults.DEFAULTS.withFailureInjectionRate(100).withFailureTypes(List.of("rate_limit", "503")))));
        for (int i = 0; i < 10; i++) {
            int status = c.postJson("/v1/completions", completion("x", 2)).status();
            assertThat(status).isIn(429, 503);
        }
        TestClient half = client(start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Faults.DEFAULTS.withFailureInjectionRate(50).withFailureTypes(List.of("server_error")))));
        int failed = 0;
        for (int i = 0; i < 100; i++) {
            if (half.postJson("/v1/completions", completion("x", 1)).status() == 503) {
                failed++;
            }
        }
        assertThat(failed).isBetween(30, 70);
    }

    @Test
    void sseFramingVariantsCarryTheSameEvents() {
        TestClient c = zero();
        var plain = c.stream("/v1/completions", stream(6));
        var odd =
                c.stream("/v1/completions", stream(6), "X-Sim-Fault", "sse-crlf;sse-no-space;sse-comments;sse-fields");
        assertThat(odd.events().stream().map(TestClient.Event::data).toList())
                .hasSameSizeAs(plain.events())
                .last()
                .isEqualTo("[DONE]");
        for (int i = 0; i < plain.chunks().size(); i++) {
            assertThat(odd.chunks().get(i).get("choices"))
                    .isEqualTo(plain.chunks().get(i).get("choices"));
        }
        var after = c.stream("/v1/completions", stream(3), "X-Sim-Fault", "after-done");
        List<TestClient.Event> ev = after.events();
        assertThat(ev.get(ev.size() - 2).done()).isTrue();
        assertThat(ev.get(ev.size() - 1).data()).contains("must");
    }

    @Test
    void plainTextErrorBody() {
        var r = zero().postJson("/v1/completions", completion("x", 2), "X-Sim-Fault", "status=502;text-error");
        assertThat(r.status()).isEqualTo(502);
        assertThat(r.contentType()).startsWith("text/plain");
        assertThat(r.body()).isEqualTo("Injected error with status 502.");
    }

    @Test
    void serverWideFaultAppliesToEveryRequest() {
        TestClient c = client(start(
                SimulatorOptions.defaults().with(Latency.zero()).with(Faults.DEFAULTS.withFault("error-after=1"))));
        var s = c.stream("/v1/completions", stream(5));
        assertThat(s.events().get(1).json().has("error")).isTrue();
        assertThat(s.sawDone()).isTrue();
    }

    @Test
    void serverWideStatusFaultAnswersEveryRequestWithThatStatus() {
        TestClient c = client(
                start(SimulatorOptions.defaults().with(Latency.zero()).with(Faults.DEFAULTS.withFault("status=400"))));
        for (int i = 0; i < 3; i++) {
            var r = c.postJson("/v1/completions", completion("x", 2));
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.json().at("/error/message").asText()).isNotEmpty();
        }
    }
}
