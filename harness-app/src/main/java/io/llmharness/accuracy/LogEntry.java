package io.llmharness.accuracy;

/**
 * One response in {@code mlperf_log_accuracy.json}.
 *
 * @param index position in the file (0-based), for messages
 * @param seqId LoadGen's response sequence number
 * @param qslIdx the sample's row in the dataset
 * @param data the response bytes
 * @param tokenData the first-token response bytes, or null (Offline, or no token latencies)
 * @param tokenCount the {@code n_tokens} the SUT reported, or null when the log has none
 */
public record LogEntry(int index, long seqId, long qslIdx, byte[] data, byte[] tokenData, Long tokenCount) {}
