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
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client with two event loops (real client, real simulator at zero latency) runs a closed loop of 16 streamed
 * requests on a prepared pool: each request uses a connection of its own event loop, so its body is read in place
 * (the connection's tap only works on the connection's loop). Before, the pool handed out whichever idle connection
 * was released last and about one request in four ran on the other loop's connection, its body copied by Vert.x.
 */
class LoopAffinityTest {

    private static final int N = 16;
    private static final int REQUESTS = 2_000;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void aClosedLoopOnTwoEventLoopsUsesEachLoopsOwnConnectionsAndTapsEveryBody() {
        SimulatorServer sim = rig.sim(
                SimulatorOptions.defaults().with(Latency.fixed(0, 0)).with(Capacity.DEFAULTS.withMaxNumSeqs(100_000)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(EndpointType.COMPLETIONS)
                .api(ApiSettings.of(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(20).withIgnoreEos(true)))
                .maxInFlight(N)
                .closedLoop(true)
                .eventLoops(2)
                .build());
        assertThat(client.prepareConnections(N).await()).isEqualTo(N);
        ClientCounters before = client.counters();

        // submitted at once: the in-flight cap runs the loop, each ending request letting the next one start
        List<RequestResult> results =
                Rig.sendAll(client, REQUESTS, i -> new Prompt.TokenIds(new int[] {1, 2, 3, i}), true);

        assertThat(results).allMatch(RequestResult::ok);
        ClientCounters after = client.counters();
        long leases = after.leases() - before.leases();
        long foreign = after.foreignLeases() - before.foreignLeases();
        long tapped = after.tappedBodies() - before.tappedBodies();
        long untapped = after.untappedBodies() - before.untappedBodies();
        assertThat(leases).isEqualTo(REQUESTS);
        assertThat(foreign)
                .as("leases of another loop's connection, of %d", leases)
                .isLessThanOrEqualTo(REQUESTS / 100);
        assertThat(tapped + untapped).isEqualTo(REQUESTS);
        assertThat(untapped)
                .as("every body on its own loop's connection is read in place")
                .isEqualTo(foreign);
    }
}
