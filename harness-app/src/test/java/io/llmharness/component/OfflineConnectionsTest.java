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
 * An Offline closed loop (real client, real simulator at zero latency): {@code --max-in-flight N} requests in
 * flight, the next sent as one ends. The client holds N connections and no request of the loop waits for a socket:
 * the pool is filled to N before the loop (also when a warm-up at a lower concurrency left fewer idle), the loop
 * opens none, and a cold closed loop opens a connection for each waiting request instead of keeping some waiting
 * for busy ones (the open-loop policy, which left ~connect time / release interval requests waiting all run long).
 */
class OfflineConnectionsTest {

    private static final int N = 16;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    private LlmClient client(boolean closedLoop) {
        SimulatorServer sim = rig.sim(
                SimulatorOptions.defaults().with(Latency.fixed(0, 0)).with(Capacity.DEFAULTS.withMaxNumSeqs(100_000)));
        return rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(EndpointType.COMPLETIONS)
                .api(ApiSettings.of(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(4).withIgnoreEos(true)))
                .maxInFlight(N)
                .closedLoop(closedLoop)
                .eventLoops(2)
                .build());
    }

    /** {@code n} requests submitted at once, as an Offline query hands them over; the in-flight cap runs the loop. */
    private static List<RequestResult> offline(LlmClient client, int n) {
        return Rig.sendAll(client, n, i -> new Prompt.TokenIds(new int[] {1, 2, 3, i}), false);
    }

    @Test
    void aWarmPoolHoldsMaxInFlightConnectionsAndTheLoopNeverWaitsForOne() {
        LlmClient client = client(true);
        // a warm-up at half the concurrency leaves about N/2 idle connections
        client.limitInFlight(N / 2);
        assertThat(offline(client, 200)).allMatch(RequestResult::ok);
        client.limitInFlight(Integer.MAX_VALUE);
        int idleBefore = client.counters().connectionsOpen();
        assertThat(idleBefore).isBetween(1, N / 2);

        int opened = client.prepareConnections(N).await();
        ClientCounters before = client.counters();
        assertThat(before.connectionsOpen())
                .as("the pool is filled to N: the idle connections do not count as new ones")
                .isEqualTo(N);
        assertThat(opened).isEqualTo(N - idleBefore);

        assertThat(offline(client, 50 * N)).allMatch(RequestResult::ok);
        ClientCounters after = client.counters();
        assertThat(after.poolWaits() - before.poolWaits())
                .as("requests that waited for a connection in the loop")
                .isZero();
        assertThat(after.connectionsOpened() - before.connectionsOpened()).isZero();
        assertThat(after.connectionsOpen()).isEqualTo(N);
        assertThat(after.inFlightPeak()).isLessThanOrEqualTo(N);
    }

    @Test
    void aColdClosedLoopOpensAtMostNConnectionsAndThenStopsWaiting() {
        LlmClient client = client(true);
        assertThat(offline(client, 50 * N)).allMatch(RequestResult::ok);
        ClientCounters cold = client.counters();
        assertThat(cold.connectionsOpened())
                .as("a connection for each request of the loop, never more")
                .isEqualTo(N);
        assertThat(cold.connectingPeak()).isLessThanOrEqualTo(8);

        // every request of the loop has its connection now: the next loop runs on them
        assertThat(offline(client, 50 * N)).allMatch(RequestResult::ok);
        ClientCounters warm = client.counters();
        assertThat(warm.poolWaits()).isEqualTo(cold.poolWaits());
        assertThat(warm.connectionsOpened()).isEqualTo(N);
    }
}
