package io.llmharness.client.balance;

import io.llmharness.client.transport.Endpoint;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Cycles through the servers in order. */
final class RoundRobinBalancer implements LoadBalancer {

    private final Endpoint[] endpoints;
    private final AtomicLong next = new AtomicLong();

    RoundRobinBalancer(List<Endpoint> endpoints) {
        this.endpoints = endpoints.toArray(Endpoint[]::new);
    }

    @Override
    public Endpoint pick() {
        return endpoints[(int) Long.remainderUnsigned(next.getAndIncrement(), endpoints.length)];
    }
}
