package io.llmharness.accuracy.compliance;

import io.llmharness.accuracy.LogEntry;
import java.util.List;

/**
 * TEST09's check over every entry of a performance-mode accuracy log, as the official verification makes it: each
 * response's length is its number of whole little-endian int32 ids ({@code data} bytes / 4, an empty response 0),
 * and the mean over all entries must lie within the thresholds (both inclusive).
 */
public final class Test09Verifier {

    private Test09Verifier() {}

    /** Verifies the entries against gpt-oss-120b's thresholds. */
    public static Test09Result verify(List<LogEntry> entries) {
        return verify(entries, GptOssAudit.TEST09_MIN_TOKENS, GptOssAudit.TEST09_MAX_TOKENS);
    }

    /** Verifies the entries against the given mean-length window. */
    public static Test09Result verify(List<LogEntry> entries, double minTokens, double maxTokens) {
        if (entries.isEmpty()) {
            return new Test09Result(0, 0, 0, 0, 0, minTokens, maxTokens);
        }
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        long[] lengths = new long[entries.size()];
        for (int i = 0; i < lengths.length; i++) {
            byte[] data = entries.get(i).data();
            lengths[i] = data == null ? 0 : data.length / 4;
            sum += lengths[i];
            min = Math.min(min, lengths[i]);
            max = Math.max(max, lengths[i]);
        }
        double mean = (double) sum / lengths.length;
        double squares = 0;
        for (long l : lengths) {
            squares += (l - mean) * (l - mean);
        }
        return new Test09Result(
                lengths.length, mean, min, max, Math.sqrt(squares / lengths.length), minTokens, maxTokens);
    }
}
