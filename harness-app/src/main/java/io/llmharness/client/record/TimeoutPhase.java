package io.llmharness.client.record;

/** Which client timeout fired. Each has its own option so a slow server can be told apart from a dead one. */
public enum TimeoutPhase {
    /** TCP connect did not finish in time. */
    CONNECT,
    /** Request sent, but no response headers in time. */
    HEADERS,
    /** Headers received, but no bytes for longer than the idle limit (a stalled stream). */
    IDLE,
    /** The whole request took longer than the total limit. */
    TOTAL
}
