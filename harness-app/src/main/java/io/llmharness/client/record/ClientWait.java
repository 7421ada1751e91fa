package io.llmharness.client.record;

/**
 * Why a request waited inside the client before it was dispatched to an event loop, if it did. The wait itself is
 * {@code dispatched − issued} ({@link RequestRecord#queueWaitNs()}); latencies still count from the scheduled time.
 */
public enum ClientWait {
    /** It was dispatched at once. */
    NONE,
    /**
     * It waited for an in-flight slot: the caller's own concurrency limit ({@code --max-in-flight}, a stage's
     * concurrency) was reached. Intended back-pressure of a closed-loop run, not a client limit.
     */
    IN_FLIGHT_CAP,
    /**
     * It waited for a connection: {@code --max-connections} per server was reached, so the client could not send
     * it when it was due. The client, not the server, set its start.
     */
    CONNECTION_CAP;

    /** The name used in requests.csv and summary.json ({@code in_flight_cap}, {@code connection_cap}). */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
