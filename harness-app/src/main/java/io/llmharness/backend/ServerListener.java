package io.llmharness.backend;

/**
 * Receives progress and diagnostics of the server manager as one-line messages (starting, waiting, ready,
 * stopping, processes killed, debug-mode findings). The CLI prints them; a run may log them.
 */
@FunctionalInterface
public interface ServerListener {

    /** Discards everything. */
    ServerListener NONE = message -> {};

    /** One message, without a trailing newline. Called from several threads. */
    void event(String message);

    /**
     * A server died while in use. By default its message is an event; a caller that reports the failure itself
     * (a run ends with it as its error line) overrides this so the user does not read it twice.
     */
    default void failure(ServerFailure failure) {
        event(failure.message());
    }
}
