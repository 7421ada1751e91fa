package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.metrics.SloSpec;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.StageSample;
import io.llmharness.metrics.StageTable;
import io.llmharness.run.bench.BenchRecord;
import io.llmharness.run.bench.BenchRun;
import io.llmharness.run.bench.StageRun;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.data.WorkloadRequest;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.ReportSpec;
import io.llmharness.workload.spec.Stage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Workload-mode metrics against the simulator's fixed latencies and its {@code /sim/timings} ground truth: the real
 * client, the real scheduler, streamed completions and chat. With a first token after {@value #TTFT_MS} ms and one
 * token every {@value #ITL_MS} ms, {@value #TOKENS} tokens per answer: TTFT ≈ 80 ms, TPOT ≈ ITL ≈ 20 ms, NTPOT ≈
 * (80 + 15 × 20) / 16 ms and time per request ≈ TTFT + TPOT × 16. Bounds are generous (2 busy cores): the client
 * may only add time, never remove it, and the ground truth bounds what it may add on average.
 */
class BenchTimingTest {

    private static final int TTFT_MS = 80;
    private static final int ITL_MS = 20;
    private static final int TOKENS = 16;
    private static final int REQUESTS = 12;
    private static final double MS = 1e6;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void streamedCompletionsMatchTheSimulatorsLatencies() {
        check(EndpointType.COMPLETIONS);
    }

    @Test
    void streamedChatMatchesTheSimulatorsLatencies() {
        check(EndpointType.CHAT_COMPLETIONS);
    }

    private void check(EndpointType endpoint) {
        SimulatorServer sim = rig.sim(
                SimulatorOptions.defaults().with(Latency.fixed(TTFT_MS, ITL_MS)).with(new Recording(true, 1000)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(endpoint)
                .api(new ApiSettings("sim-model", null, false, GuidedDecoding.RESPONSE_FORMAT, false))
                .collectText(true)
                .keepChunkTimes(true)
                .maxInFlight(8)
                .build());
        PromptFeed prompts = new PromptFeed() {
            @Override
            public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
                return new StaticRequest(
                        indexInStage, new Prompt.Text("Tell me about queue number " + runIndex), -1, TOKENS);
            }

            @Override
            public String describe() {
                return "short prompts";
            }
        };
        LoadSpec load = new LoadSpec(List.of(new Stage.Concurrency(2, REQUESTS, 0)), null, 0, 0, 1);
        var spec = BenchSpecs.withIgnoreEos(endpoint);
        BenchRun run = new BenchRun(Clock.system(), BenchSpecs.sender(client, spec), prompts, load, true, 4, null);
        List<StageRun> stages = run.run();
        List<StageSample> samples = new ArrayList<>();
        for (BenchRecord b : stages.get(0).records()) {
            samples.add(new StageSample(b.record(), -1, -1));
        }
        StageMetrics m = StageTable.compute(
                samples, Long.MIN_VALUE, Long.MAX_VALUE, Double.NaN, 2, SloSpec.NONE, ReportSpec.DEFAULT_PERCENTILES);
        assertThat(m.succeeded()).isEqualTo(REQUESTS);
        assertThat(m.outputTotal()).isEqualTo((long) REQUESTS * TOKENS);

        double ttft = m.latency("ttft").mean() / MS;
        double tpot = m.latency("tpot").mean() / MS;
        double itl = m.latency("itl_chunk").percentile(50.0) / MS;
        double ntpot = m.latency("ntpot").mean() / MS;
        double tpr = m.latency("time_per_request").mean() / MS;
        assertThat(ttft).as("ttft ms").isBetween((double) TTFT_MS, TTFT_MS + 80.0);
        assertThat(tpot).as("tpot ms").isBetween(ITL_MS - 2.0, ITL_MS + 10.0);
        assertThat(itl).as("itl p50 ms").isBetween(ITL_MS - 5.0, ITL_MS + 10.0);
        assertThat(m.latency("itl_token").mean() / MS).as("itl_token mean ms").isBetween(ITL_MS - 5.0, ITL_MS + 10.0);
        double expectedNtpot = (TTFT_MS + (TOKENS - 1) * ITL_MS) / (double) TOKENS;
        assertThat(ntpot).as("ntpot ms").isBetween(expectedNtpot - 1, expectedNtpot + 15);
        assertThat(tpr).as("time per request ms").isBetween(ttft + tpot * TOKENS - 1, ttft + tpot * TOKENS + 1);

        // ground truth: what the simulator measured on its side, for the same requests
        List<JsonNode> truth = rig.timings(sim).stream()
                .filter(t -> t.path("tokens").asInt() == TOKENS)
                .toList();
        assertThat(truth).hasSizeGreaterThanOrEqualTo(REQUESTS);
        double simTtft = truth.stream()
                .mapToDouble(t -> (t.path("first_token_ns").asLong()
                                - t.path("arrival_ns").asLong())
                        / MS)
                .average()
                .orElseThrow();
        assertThat(simTtft).as("simulator's own ttft").isBetween((double) TTFT_MS, TTFT_MS + 40.0);
        double fromSend = m.latency("ttft_from_send").mean() / MS;
        assertThat(fromSend).as("client ttft from send vs simulator's").isBetween(simTtft - 1, simTtft + 40);
    }
}
