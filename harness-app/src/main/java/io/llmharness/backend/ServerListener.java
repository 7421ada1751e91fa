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
}
