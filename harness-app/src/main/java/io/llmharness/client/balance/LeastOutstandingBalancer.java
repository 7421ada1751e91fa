package io.llmharness.client.balance;

import io.llmharness.client.transport.Endpoint;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Picks the server with the fewest requests in progress. The scan starts at a rotating position so ties (for
 * example at start-up, when every count is 0) spread round-robin instead of piling onto the first server.
 */
final class LeastOutstandingBalancer implements LoadBalancer {

    private final Endpoint[] endpoints;
    private final AtomicLong start = new AtomicLong();

    LeastOutstandingBalancer(List<Endpoint> endpoints) {
        this.endpoints = endpoints.toArray(Endpoint[]::new);
    }

    @Override
    public Endpoint pick() {
        int n = endpoints.length;
        int s = (int) Long.remainderUnsigned(start.getAndIncrement(), n);
        Endpoint best = endpoints[s];
        int bestLoad = best.inFlight();
        for (int k = 1; k < n && bestLoad > 0; k++) {
            Endpoint e = endpoints[(s + k) % n];
            int load = e.inFlight();
            if (load < bestLoad) {
                best = e;
                bestLoad = load;
            }
        }
        return best;
    }
}
