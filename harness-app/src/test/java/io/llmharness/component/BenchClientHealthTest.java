package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.HealthThresholds;
import io.llmharness.run.bench.BenchHealth;
import io.llmharness.run.bench.BenchRun;
import io.llmharness.run.bench.StageRun;
import io.llmharness.run.bench.StageSamplers;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.data.WorkloadRequest;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client-health verdict of workload stages through the real scheduler, the real client (two connections at
 * most) and the simulator on a loopback port: a light stage before and after one that keeps far more requests in
 * flight than the client has connections. Each stage is judged on its own window: the overloaded one is
 * {@code client-limited} by the connection cap, with no failure of its own, and the light ones around it are
 * {@code ok}. The thresholds of the process-side figures (loop lag, GC, CPU, delays) are set far out of reach, so
 * that a loaded machine cannot decide the verdict: the connection cap, which has no threshold, does.
 */
class BenchClientHealthTest {

    private static final int CONNECTIONS = 2;
    private static final int OVERLOAD_CONCURRENCY = 48;
    private static final int OVERLOAD_REQUESTS = 240;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    private static final HealthThresholds OUT_OF_REACH = HealthThresholds.of(List.of(
            "schedule_delay_p99_ms=60000",
            "connection_wait_p99_ms=60000",
            "loop_lag_p99_ms=60000",
            "gc_pause_max_ms=60000",
            "gc_pause_share=1",
            "cpu_share=1"));

    @Test
    void anOverloadedStageIsClientLimitedByTheConnectionCapAndTheLightStagesAroundItAreOk() {
        SimulatorServer sim = rig.sim(
                SimulatorOptions.defaults().with(Latency.fixed(5, 0.5)).with(Http.DEFAULTS.withKeepAliveTimeoutMs(0)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(EndpointType.COMPLETIONS)
                .api(new ApiSettings("sim-model", null, false, GuidedDecoding.RESPONSE_FORMAT, false))
                .collectText(true)
                .maxInFlight(1024)
                .maxConnections(CONNECTIONS)
                .build());
        PromptFeed prompts = new PromptFeed() {
            @Override
            public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
                return new StaticRequest(indexInStage, new Prompt.Text("Request " + runIndex), -1, 4);
            }

            @Override
            public String describe() {
                return "short prompts";
            }
        };
        Stage light = new Stage.Rate(10, 0.5, Arrival.CONSTANT, 5);
        LoadSpec load = new LoadSpec(
                List.of(light, new Stage.Concurrency(OVERLOAD_CONCURRENCY, OVERLOAD_REQUESTS, 0), light),
                null,
                0,
                0,
                1);
        StageSamplers samplers = new StageSamplers(client);
        List<StageRun> stages;
        try (samplers) {
            stages = new BenchRun(
                            Clock.system(),
                            BenchSpecs.sender(client, BenchSpecs.withIgnoreEos(EndpointType.COMPLETIONS)),
                            prompts,
                            load,
                            false,
                            2,
                            samplers)
                    .run();
        }
        assertThat(stages).hasSize(3);
        assertThat(stages.get(1).records()).hasSize(OVERLOAD_REQUESTS);
        for (StageRun s : stages) {
            assertThat(s.records())
                    .as("stage %d: the client caused no failure", s.index())
                    .allSatisfy(b -> assertThat(b.record().ok()).isTrue());
        }

        BenchHealth health = BenchHealth.of(stages, samplers.samples(), OUT_OF_REACH);
        assertThat(health.stages()).hasSize(3);
        assertThat(health.stage(0).verdict()).isEqualTo(ClientHealth.Verdict.OK);
        assertThat(health.stage(0).reasons()).isEmpty();
        ClientHealth overloaded = health.stage(1);
        assertThat(overloaded.verdict()).isEqualTo(ClientHealth.Verdict.CLIENT_LIMITED);
        assertThat(overloaded.reasons())
                .singleElement()
                .asString()
                .startsWith("connection cap reached: ")
                .contains(" requests waited for one of " + CONNECTIONS + " connections");
        assertThat(overloaded.capWaits()).isPositive().isLessThanOrEqualTo(OVERLOAD_REQUESTS);
        assertThat(overloaded.samples().connectionsOpened()).isLessThanOrEqualTo(CONNECTIONS);
        assertThat(health.stage(2).verdict())
                .as(
                        "the stage after the overload is judged on its own window: %s",
                        health.stage(2).reasons())
                .isEqualTo(ClientHealth.Verdict.OK);

        assertThat(health.limited()).isTrue();
        assertThat(health.reasons()).singleElement().asString().startsWith("stage 1: connection cap reached: ");
        Map<String, Object> run = health.section();
        assertThat(run).containsEntry("verdict", "client-limited");
        Map<String, Object> stage1 = health.stageSections().get(1);
        assertThat(stage1).containsEntry("verdict", "client-limited");
        Map<?, ?> queue = (Map<?, ?>) stage1.get("client_queue");
        assertThat(queue.get("limit")).isEqualTo("connection_cap");
        assertThat(queue.get("in_flight_cap")).isEqualTo(CONNECTIONS);
    }
}
