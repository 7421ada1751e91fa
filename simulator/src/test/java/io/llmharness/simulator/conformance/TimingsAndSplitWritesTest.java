package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.OutputMode;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.Streaming;
import io.llmharness.simulator.TestClient;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** Ground-truth timing records and the split-writes test mode (checklist 1). */
class TimingsAndSplitWritesTest extends SimTestSupport {
    @Test
    void timingsAreRecordedOnRequestAndFoundByEitherId() {
        TestClient c = client(start(SimulatorOptions.defaults().with(Latency.fixed(20, 5))));
        var s = c.stream(
                "/v1/chat/completions",
                streaming(chat("t", 10)).put("stream_interval", 2).toString(),
                "X-Sim-Record-Timings",
                "1",
                "X-Request-Id",
                "my-req");
        String id = s.chunks().get(0).get("id").asText();
        assertThat(id).isEqualTo("chatcmpl-my-req");
        JsonNode t = c.get("/sim/timings/" + id).json();
        assertThat(c.get("/sim/timings/my-req").json()).isEqualTo(t);
        assertThat(t.get("clock").asText()).isEqualTo("System.nanoTime");
        assertThat(t.get("complete").asBoolean()).isTrue();
        assertThat(t.get("aborted_by").isNull()).isTrue();
        assertThat(t.get("tokens").asInt()).isEqualTo(10);
        assertThat(t.get("event_tokens")).hasSize(5);
        long headers = t.get("headers_ns").asLong();
        long first = t.get("first_token_ns").asLong();
        long done = t.get("done_ns").asLong();
        assertThat(t.get("arrival_ns").asLong()).isLessThanOrEqualTo(headers);
        assertThat(headers).isLessThan(first);
        assertThat(first).isLessThanOrEqualTo(done);
        assertThat(first - t.get("arrival_ns").asLong()).isGreaterThanOrEqualTo(20_000_000L);
        // the client read the first content chunk after the server wrote it (same clock in one JVM)
        assertThat(s.events().get(1).nanos()).isGreaterThanOrEqualTo(first);

        var unary = c.postJson("/v1/completions", completion("u", 4), "X-Sim-Record-Timings", "true");
        JsonNode ut = c.get("/sim/timings/" + unary.json().get("id").asText()).json();
        assertThat(ut.get("stream").asBoolean()).isFalse();
        assertThat(ut.get("event_ns")).hasSize(4);
        assertThat(ut.get("prompt_tokens").asInt())
                .isEqualTo(unary.json().get("usage").get("prompt_tokens").asInt());

        assertThat(c.get("/sim/timings/unknown").status()).isEqualTo(404);
        var plain = c.postJson("/v1/completions", completion("p", 1));
        assertThat(c.get("/sim/timings/" + plain.json().get("id").asText()).status())
                .isEqualTo(404);
    }

    @Test
    void aStreamTheClientDroppedIsNotComplete() throws Exception {
        TestClient c = client(start(SimulatorOptions.defaults()
                .with(Latency.fixed(5, 20))
                .with(Recording.DEFAULTS.withRecordTimings(true))));
        var partial =
                c.stream("/v1/completions", streaming(completion("drop", 50)).toString(), 2, "X-Request-Id", "gone");
        assertThat(partial.events()).hasSize(2);
        JsonNode t = await(c, "gone");
        assertThat(t.get("complete").asBoolean()).isFalse();
        assertThat(t.get("aborted_by").asText()).isEqualTo("client");
        assertThat(t.get("status").asInt()).isEqualTo(200);
        assertThat(t.get("tokens").asInt()).isLessThan(50);
        String m = c.get("/metrics").body();
        assertThat(metric(m, "vllm:request_success_total{engine=\"0\",finished_reason=\"abort\""))
                .isEqualTo(1);
    }

    @Test
    void requestsTheServerCutShortSaySo() throws Exception {
        TestClient c = client(start(SimulatorOptions.defaults()
                .with(Latency.fixed(1, 1))
                .with(Recording.DEFAULTS.withRecordTimings(true))));
        var reset = c.stream(
                "/v1/completions",
                streaming(completion("reset", 20)).toString(),
                "X-Sim-Fault",
                "reset-after=3",
                "X-Request-Id",
                "reset");
        assertThat(reset.sawDone()).isFalse();
        JsonNode r = await(c, "reset");
        assertThat(r.get("complete").asBoolean()).isFalse();
        assertThat(r.get("aborted_by").asText()).isEqualTo("server");

        var error = c.stream(
                "/v1/completions",
                streaming(completion("error", 20)).toString(),
                "X-Sim-Fault",
                "error-after=3",
                "X-Request-Id",
                "error");
        assertThat(error.sawDone()).isTrue();
        JsonNode e = await(c, "error");
        assertThat(e.get("complete").asBoolean()).isTrue();
        assertThat(e.get("aborted_by").asText()).isEqualTo("server");
        assertThat(e.get("status").asInt()).isEqualTo(200);
    }

    /** The record of {@code id} once the server has seen its end. */
    private static JsonNode await(TestClient c, String id) {
        return Awaitility.await()
                .atMost(30, TimeUnit.SECONDS)
                .until(
                        () -> c.get("/sim/timings/" + id).json(),
                        t -> t.get("done_ns").asLong() >= 0);
    }

    @Test
    void recordTimingsOptionRecordsEverything() {
        TestClient c = client(start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Recording.DEFAULTS.withRecordTimings(true).withTimingsCapacity(3))));
        for (int i = 0; i < 5; i++) {
            c.postJson("/v1/completions", completion("r" + i, 1));
        }
        assertThat(c.get("/sim/timings").json().get("ids")).hasSize(3);
        assertThat(c.get("/sim/timings").raw().statusCode()).isEqualTo(200);
    }

    @Test
    void splitWritesReassembleToTheSameOutput() {
        SimulatorOptions base = SimulatorOptions.defaults()
                .with(Latency.fixed(1, 1))
                .with(Streaming.DEFAULTS.withOutputMode(OutputMode.ECHO));
        TestClient plain = client(start(base));
        TestClient split =
                client(start(base.with(base.streaming().withSplitWrites(true)).withSeed(5)));
        ObjectNode body = streaming(completion("naïve café — 日本語 🚀 \"quoted\" \\ back\nslash", 40))
                .put("ignore_eos", true);
        body.put("n", 2);
        String expected = concat(plain.stream("/v1/completions", body.toString()));
        for (int i = 0; i < 5; i++) {
            TestClient.Stream s = split.stream("/v1/completions", body.toString());
            assertThat(s.sawDone()).isTrue();
            assertThat(concat(s)).isEqualTo(expected);
        }
    }

    @Test
    void splitWritesReallyCutInsideEvents() throws Exception {
        SimulatorServer s = start(
                SimulatorOptions.defaults().with(Latency.fixed(1, 2)).with(Streaming.DEFAULTS.withSplitWrites(true)));
        String body = streaming(completion("cut me", 30)).toString();
        byte[] req = ("POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + body)
                .getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try (Socket sock = new Socket("127.0.0.1", s.port())) {
            OutputStream out = sock.getOutputStream();
            out.write(req);
            out.flush();
            all.write(sock.getInputStream().readAllBytes());
        }
        // Each server write is one HTTP chunk: count chunks that end inside an SSE event.
        byte[] raw = all.toByteArray();
        int pos = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 0) + 4;
        StringBuilder payload = new StringBuilder();
        int chunks = 0;
        int cutInside = 0;
        while (true) {
            int eol = indexOf(raw, "\r\n".getBytes(StandardCharsets.US_ASCII), pos);
            int size = Integer.parseInt(new String(raw, pos, eol - pos, StandardCharsets.US_ASCII).trim(), 16);
            if (size == 0) {
                break;
            }
            String piece = new String(raw, eol + 2, size, StandardCharsets.ISO_8859_1);
            payload.append(piece);
            chunks++;
            if (!piece.endsWith("\n\n")) {
                cutInside++;
            }
            pos = eol + 2 + size + 2;
        }
        assertThat(payload.toString()).endsWith("data: [DONE]\n\n");
        assertThat(chunks).isGreaterThan(30);
        assertThat(cutInside).isGreaterThan(10);
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void sglangGenerateStreamSurvivesSplitting() {
        SimulatorOptions b = SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG))
                .with(Latency.fixed(1, 1));
        TestClient plain = client(start(b));
        TestClient split = client(start(b.with(Streaming.DEFAULTS.withSplitWrites(true))));
        ObjectNode req = obj().put("text", "split sglang").put("stream", true);
        req.putObject("sampling_params")
                .put("max_new_tokens", 25)
                .put("ignore_eos", true)
                .put("sampling_seed", 3);
        var a = plain.stream("/generate", req.toString());
        var bb = split.stream("/generate", req.toString());
        JsonNode lastA = a.chunks().get(a.chunks().size() - 1);
        JsonNode lastB = bb.chunks().get(bb.chunks().size() - 1);
        assertThat(lastB.get("text")).isEqualTo(lastA.get("text"));
        assertThat(lastB.get("output_ids")).isEqualTo(lastA.get("output_ids"));
    }

    private static String concat(TestClient.Stream s) {
        StringBuilder[] out = {new StringBuilder(), new StringBuilder()};
        for (JsonNode ch : s.chunks()) {
            for (JsonNode c : ch.get("choices")) {
                out[c.get("index").asInt()].append(c.get("text").asText());
            }
        }
        return out[0] + "|" + out[1];
    }
}
