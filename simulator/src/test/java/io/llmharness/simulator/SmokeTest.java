package io.llmharness.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void completionRoundTrip() {
        try (SimulatorServer sim =
                SimulatorServer.start(SimulatorOptions.builder().zeroLatency().build())) {
            TestClient c = new TestClient(sim.baseUrl());
            var r = c.post("/v1/completions", "{\"prompt\":\"Hello world\",\"max_tokens\":5,\"ignore_eos\":true}");
            System.out.println(r.body());
            assertThat(r.status()).isEqualTo(200);
            var s = c.stream(
                    "/v1/chat/completions",
                    "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
                            + "\"max_tokens\":3,\"ignore_eos\":true,\"stream\":true,\"stream_options\":{}}");
            s.events().forEach(e -> System.out.println(e.data()));
            assertThat(s.sawDone()).isTrue();
            System.out.println(c.get("/metrics").body().substring(0, 2000));
        }
    }
}
