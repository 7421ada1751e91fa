package io.llmharness.client.failure;

import io.llmharness.client.record.Outcome;

/**
 * The decision to stop a run, with one line for the user.
 *
 * @param reason why, as a category
 * @param endpointUrl the server concerned
 * @param message one line naming the URL, what happened and what to check
 * @param lastOutcome the outcome that triggered the decision
 */
public record RunAbort(Reason reason, String endpointUrl, String message, Outcome lastOutcome) {

    /** Why the run stops. */
    public enum Reason {
        /** No connection could be opened to a server that never answered. */
        UNREACHABLE,
        /** A server failed the configured number of requests in a row. */
        CONSECUTIVE_FAILURES,
        /** The client could not build a request from the data and options. */
        INVALID_REQUEST
    }
}
