package io.llmharness.client.balance;

import io.llmharness.client.transport.Endpoint;

/** Chooses the server for the next request. Thread-safe. */
public interface LoadBalancer {

    /** The server for the next request. */
    Endpoint pick();
}
