package io.llmharness.dataset;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Summary of a loaded dataset, printed before a run and written to {@code summary.json}.
 *
 * @param count number of samples
 * @param inputTokens lengths of {@code input_ids} in tokens, or null when the dataset has no token ids
 * @param inputChars lengths of the {@code input} text in characters (UTF-16 units), only when there are no token
 *     ids but there is text; null otherwise
 * @param totalInputTokens sum of all {@code input_ids} lengths (0 without token ids)
 */
public record DatasetStatistics(int count, Lengths inputTokens, Lengths inputChars, long totalInputTokens) {

    /**
     * Distribution of per-sample lengths. Percentiles use the nearest-rank rule on the sorted lengths: {@code
     * sorted[min(n-1, floor(n*p))]}.
     */
    public record Lengths(int min, double mean, int p50, int p90, int p99, int max) {
        /** The distribution of these lengths (which need not be sorted; the array is not modified). */
        public static Lengths of(int[] lengths) {
            if (lengths.length == 0) {
                return new Lengths(0, 0, 0, 0, 0, 0);
            }
            int[] s = lengths.clone();
            Arrays.sort(s);
            long sum = 0;
            for (int v : s) {
                sum += v;
            }
            return new Lengths(
                    s[0], (double) sum / s.length, rank(s, 0.50), rank(s, 0.90), rank(s, 0.99), s[s.length - 1]);
        }

        private static int rank(int[] sorted, double p) {
            return sorted[(int) Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("min", min);
            m.put("mean", Math.round(mean * 100) / 100.0);
            m.put("p50", p50);
            m.put("p90", p90);
            m.put("p99", p99);
            m.put("max", max);
            return m;
        }

        String format() {
            return String.format(
                    Locale.ROOT, "min %d, mean %.1f, p50 %d, p90 %d, p99 %d, max %d", min, mean, p50, p90, p99, max);
        }
    }

    /** A JSON-ready map: {@code count}, {@code input_tokens} {…}, {@code total_input_tokens}, {@code input_chars}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", count);
        if (inputTokens != null) {
            m.put("input_tokens", inputTokens.toMap());
            m.put("total_input_tokens", totalInputTokens);
        }
        if (inputChars != null) {
            m.put("input_chars", inputChars.toMap());
        }
        return m;
    }

    /** Human-readable lines, e.g. {@code "13368 samples; input tokens: min 93, mean 810.2, …"}. */
    public String format() {
        StringBuilder sb = new StringBuilder().append(count).append(count == 1 ? " sample" : " samples");
        if (inputTokens != null) {
            sb.append("; input tokens: ").append(inputTokens.format());
            sb.append(" (").append(totalInputTokens).append(" in all)");
        }
        if (inputChars != null) {
            sb.append("; input characters: ").append(inputChars.format());
        }
        return sb.toString();
    }
}
