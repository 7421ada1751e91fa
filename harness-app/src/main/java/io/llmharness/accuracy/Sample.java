package io.llmharness.accuracy;

/**
 * One response to score.
 *
 * @param entry the log entry
 * @param row the dataset row ({@code qsl_idx})
 * @param ids the token ids (empty for text responses)
 */
public record Sample(LogEntry entry, int row, int[] ids) {}
