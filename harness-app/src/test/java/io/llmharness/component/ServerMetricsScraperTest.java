package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.metrics.StageWindow;
import io.llmharness.metrics.server.ServerSignal;
import io.llmharness.metrics.server.ServerTimeline;
import io.llmharness.metrics.server.SignalStats;
import io.llmharness.report.ServerMetricsFile;
import io.llmharness.run.ServerMetricsScraper;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.FreePort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ServerMetricsScraper} against real simulators speaking vLLM's and SGLang's {@code /metrics}: the counters
 * scraped add up to the tokens the client counted, the gauges are read under each vendor's names, and a server
 * that does not answer never disturbs the scrapes of the others.
 */
class ServerMetricsScraperTest {

    private final Rig rig = new Rig();

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        rig.close();
    }

    @ParameterizedTest
    @EnumSource(Persona.class)
    void countersAddUpToWhatTheClientCountedUnderEachVendorsNames(Persona persona) throws Exception {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(persona))
                .with(Compatibility.DEFAULTS.withMetricsEnabled(true))
                .with(Latency.fixed(2, 1)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .api(new ApiSettings(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(9).withIgnoreEos(true),
                        false,
                        GuidedDecoding.RESPONSE_FORMAT,
                        false))
                .eventLoops(1)
                .maxConsecutiveFailures(0)
                .retry(RetryPolicy.NONE)
                .build());
        String down = "http://127.0.0.1:" + FreePort.pick();
        Instant start = Instant.now();
        long input = 0;
        long output = 0;
        try (ServerMetricsScraper scraper = ServerMetricsScraper.start(
                List.of(down, sim.baseUrl()), dir, Duration.ofMillis(100), TransportOptions.defaults())) {
            List<CompletableFuture<RequestResult>> all = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                int[] ids = new int[5 + i];
                Arrays.fill(ids, 2000 + i);
                CompletableFuture<RequestResult> f = new CompletableFuture<>();
                client.submit(ClientRequest.of(new Prompt.TokenIds(ids), i % 2 == 0, f::complete));
                all.add(f);
            }
            for (CompletableFuture<RequestResult> f : all) {
                RequestRecord r = Rig.await(f).record();
                assertThat(r.ok()).as(r.outcome().toString()).isTrue();
                input += r.inputTokens();
                output += r.outputTokens();
            }
        } // the last scrape is taken on close, after every answer
        assertThat(dir.resolve(ServerMetricsFile.FILE)).exists();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("server_metrics.csv");
        }

        ServerTimeline t = ServerTimeline.of(ServerMetricsFile.read(dir, start));
        assertThat(t.servers()).containsExactly(sim.baseUrl()); // the closed port gave nothing, and nothing broke
        assertThat(t.scrapes()).isGreaterThanOrEqualTo(2);
        String vendor = persona == Persona.VLLM ? "vllm:" : "sglang:";
        assertThat(t.sourceNames(ServerSignal.GENERATION_TOKENS).get(sim.baseUrl()))
                .isEqualTo(vendor + "generation_tokens_total");
        for (ServerSignal s : List.of(ServerSignal.RUNNING, ServerSignal.WAITING, ServerSignal.KV_CACHE_USAGE)) {
            assertThat(t.sourceNames(s).get(sim.baseUrl())).as(s.name()).startsWith(vendor);
        }
        StageWindow whole = new StageWindow("all", 0, Duration.ofHours(1).toNanos());
        SignalStats generated = t.stats(ServerSignal.GENERATION_TOKENS, whole);
        SignalStats prompt = t.stats(ServerSignal.PROMPT_TOKENS, whole);
        assertThat(generated.total()).isEqualTo((double) output).isEqualTo(24 * 9.0);
        assertThat(prompt.total()).isEqualTo((double) input);
        assertThat(t.stats(ServerSignal.RUNNING, whole).max()).isNotNull();
    }
}
