package io.llmharness.client.transport;

/**
 * Per-server counters, a snapshot for results (summary.json's per-endpoint section).
 *
 * @param url the server's base URL
 * @param requests requests sent to it (a batch request counts once)
 * @param failures requests that did not succeed
 * @param inFlight requests in progress when the snapshot was taken
 * @param maxInFlight most requests in progress at once
 * @param connectionsOpened TCP connections opened (keep-alive effectiveness: ideally ≈ max in flight)
 * @param staleRetries requests resent after a stale pooled connection failed
 * @param overloadRetries 429/503 answers after which the request was sent again (not counted as failures)
 */
public record EndpointStats(
        String url,
        long requests,
        long failures,
        int inFlight,
        int maxInFlight,
        long connectionsOpened,
        long staleRetries,
        long overloadRetries) {}
