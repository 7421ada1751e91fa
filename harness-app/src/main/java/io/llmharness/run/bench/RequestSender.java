package io.llmharness.run.bench;

import io.llmharness.client.record.RequestRecord;

/** Sends workload requests and reports each one's end exactly once. */
public interface RequestSender {

    /** What the sender reports when a request ends (called on any thread; must not block). */
    interface Completion {
        /**
         * @param record the request's timing record and outcome
         * @param output the generated text, or null when none arrived
         */
        void done(RequestRecord record, String output);
    }

    /** Sends a request; never blocks. */
    void submit(Submission s, Completion done);

    /**
     * Opens connections until each server has {@code perServer} of them, before the first stage, with nothing in
     * flight; returns how many were opened. A sender without connections opens none.
     */
    default int prepareConnections(int perServer) {
        return 0;
    }

    /** Forgets what the warm-up left in the sender's own counters; called with nothing in flight. */
    default void forgetWarmup() {}

    /** Stops sending: what is queued or running ends as cancelled, later submissions too. Returns at once. */
    void shutdown(String reason);
}
