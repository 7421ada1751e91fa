package io.llmharness.loadgen;

/** How the C++ LoadGen schedules its log I/O. Kept for API parity; it has no visible effect. */
public enum LogMode {
    /** Poll for log entries periodically (the default). */
    ASYNC_POLL,
    /** Write everything at the end of the test. */
    END_OF_TEST_ONLY,
    /** Write entries as they are produced. */
    SYNCHRONOUS
}
