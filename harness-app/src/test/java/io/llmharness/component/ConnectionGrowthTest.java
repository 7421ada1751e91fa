package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientCounters;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How many connections a cold client opens under a burst (real client, real simulator at zero latency): the pool
 * opens connections for waiting requests only, a bounded number at a time, and waiting requests take the connections
 * that free up — not one connection per waiting request as before (a burst of 2,000 opened up to the 1,024 cap).
 */
class ConnectionGrowthTest {

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    private LlmClient client(SimulatorServer sim, int maxConnecting, int maxConnections) {
        return rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(EndpointType.COMPLETIONS)
                .api(ApiSettings.of(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(4).withIgnoreEos(true)))
                .maxInFlight(100_000)
                .maxConnections(maxConnections)
                .eventLoops(2)
                .transport(TransportOptions.defaults().withMaxConnecting(maxConnecting))
                .build());
    }

    private SimulatorServer sim() {
        return rig.sim(
                SimulatorOptions.defaults().with(Latency.fixed(0, 0)).with(Capacity.DEFAULTS.withMaxNumSeqs(100_000)));
    }

    private static List<RequestResult> burst(LlmClient client, int n) {
        return Rig.sendAll(client, n, i -> new Prompt.TokenIds(new int[] {1, 2, 3, i}), true);
    }

    /**
     * 2,000 requests at once on a client with no connection: at most 8 connection attempts are ever in progress
     * (the bound; before, every waiting request started one, up to the cap of 1,024 at once), every request
     * succeeds, and no more than the cap is opened. How many are opened depends on how fast the server answers
     * compared with a connect (a slow or loaded one gets up to the cap), so the count is not asserted beyond the cap;
     * ConnectionPoolTest checks the policy that decides it on a virtual clock.
     */
    @Test
    void aBurstOnAColdClientOpensABoundedNumberOfConnectionsAtATime() {
        SimulatorServer sim = sim();
        LlmClient client = client(sim, 8, 1024);
        List<RequestResult> results = burst(client, 2_000);
        assertThat(results).allMatch(RequestResult::ok);
        ClientCounters c = client.counters();
        assertThat(c.connectingPeak()).isPositive().isLessThanOrEqualTo(8);
        assertThat(c.connectionsOpened()).isPositive().isLessThanOrEqualTo(1024);
        assertThat(c.connectionsOpen()).isLessThanOrEqualTo((int) c.connectionsOpened());
    }

    /** With one attempt at a time and a cap of 4, a burst still completes, on at most 4 connections. */
    @Test
    void theCapAndTheConnectingBoundHoldTogether() {
        SimulatorServer sim = sim();
        LlmClient client = client(sim, 1, 4);
        List<RequestResult> results = burst(client, 500);
        assertThat(results).allMatch(RequestResult::ok);
        ClientCounters c = client.counters();
        assertThat(c.connectingPeak()).isEqualTo(1);
        assertThat(c.connectionsOpened()).isBetween(1L, 4L);
        assertThat(results.stream().filter(r -> r.record().retries() > 0)).isEmpty();
    }
}
