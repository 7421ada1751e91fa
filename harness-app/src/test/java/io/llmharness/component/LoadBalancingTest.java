package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.balance.Balancing;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three simulators behind the client's balancer. Counts come from both sides: the client's per-endpoint stats and
 * records, and each simulator's own {@code vllm:request_success_total}.
 */
class LoadBalancingTest {

    private static final int REQUESTS = 300;
    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    private List<SimulatorServer> sims(double... ttftMs) {
        List<SimulatorServer> out = new ArrayList<>();
        for (double ttft : ttftMs) {
            out.add(rig.sim(SimulatorOptions.defaults().with(Latency.fixed(ttft, 1))));
        }
        return out;
    }

    private LlmClient client(List<SimulatorServer> sims, Balancing balancing) {
        return rig.client(ClientOptions.builder()
                .baseUrls(sims.stream().map(SimulatorServer::baseUrl).toList())
                .api(ApiSettings.of(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(8).withIgnoreEos(true)))
                .balancing(balancing)
                .maxInFlight(12)
                .eventLoops(2)
                .build());
    }

    /** Submits everything at once (the in-flight cap queues the rest) and waits; returns the failures. */
    private static int run(LlmClient client) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(REQUESTS);
        AtomicInteger failed = new AtomicInteger();
        for (int i = 0; i < REQUESTS; i++) {
            client.submit(ClientRequest.of(new Prompt.TokenIds(new int[] {1, 100 + i, 7}), true, (RequestResult r) -> {
                if (!r.ok()) {
                    failed.incrementAndGet();
                }
                done.countDown();
            }));
        }
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        return failed.get();
    }

    /** Per server: the client's count, checked against its records and the server's own success counter. */
    private long[] perServer(LlmClient client, List<SimulatorServer> sims) {
        List<EndpointStats> stats = client.endpointStats();
        List<RequestRecord> records = client.snapshot().requests();
        long[] out = new long[sims.size()];
        for (int i = 0; i < sims.size(); i++) {
            int index = i;
            long fromRecords =
                    records.stream().filter(r -> r.endpoint() == index).count();
            double served = rig.metrics(sims.get(i)).sum("vllm:request_success_total");
            assertThat(stats.get(i).requests()).as("server %d", i).isEqualTo(fromRecords);
            assertThat((long) served).as("server %d's own count", i).isEqualTo(fromRecords);
            assertThat(stats.get(i).url()).isEqualTo(sims.get(i).baseUrl());
            assertThat(stats.get(i).failures()).isZero();
            out[i] = fromRecords;
        }
        System.out.println("requests per server: " + Arrays.toString(out));
        return out;
    }

    @Test
    void roundRobinGivesEachServerExactlyItsShare() throws Exception {
        List<SimulatorServer> sims = sims(5, 5, 5);
        LlmClient client = client(sims, Balancing.ROUND_ROBIN);
        assertThat(run(client)).isZero();
        assertThat(perServer(client, sims)).containsExactly(100, 100, 100);
    }

    @Test
    void leastOutstandingSpreadsEvenlyOverEqualServers() throws Exception {
        List<SimulatorServer> sims = sims(5, 5, 5);
        LlmClient client = client(sims, Balancing.LEAST_OUTSTANDING);
        assertThat(run(client)).isZero();
        // Equal servers: ties rotate, so each gets its third up to noise: a server whose simulator pauses (GC, the
        // machine) holds its requests longer and is picked less meanwhile (81 of 300 on a quiet CI machine).
        // ±30 % of 100 still tells an even spread from one server preferred or starved.
        for (long n : perServer(client, sims)) {
            assertThat(n).isBetween(70L, 130L);
        }
    }

    @Test
    void leastOutstandingSendsLessToASlowServer() throws Exception {
        List<SimulatorServer> sims = sims(5, 5, 80);
        LlmClient client = client(sims, Balancing.LEAST_OUTSTANDING);
        assertThat(run(client)).isZero();
        long[] n = perServer(client, sims);
        // the 80 ms server holds its requests longer, so it is picked less often than either fast one and less than
        // an even third; how much less depends on how warm the client is (a cold client's own delays make the
        // servers look alike: 61 of 300 on a quiet CI machine, about 20 in steady state)
        assertThat(n[2]).isLessThan(Math.min(n[0], n[1])).isLessThan(REQUESTS / 3);
        assertThat(n[0] + n[1] + n[2]).isEqualTo(REQUESTS);
    }
}
