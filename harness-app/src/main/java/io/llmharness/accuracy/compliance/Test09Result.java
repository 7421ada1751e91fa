package io.llmharness.accuracy.compliance;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * TEST09's statistics and verdict.
 *
 * @param samples logged responses
 * @param mean mean output length in tokens
 * @param min shortest response
 * @param max longest response
 * @param stdDev population standard deviation of the lengths
 * @param minTokens lowest passing mean
 * @param maxTokens highest passing mean
 */
public record Test09Result(
        int samples, double mean, long min, long max, double stdDev, double minTokens, double maxTokens) {

    /** The file the checker reads. */
    public static final String FILE = "verify_output_len.txt";

    private static final String RULE = "=".repeat(80);

    /** Whether the mean reaches the lower threshold (false for an empty log). */
    public boolean minPass() {
        return samples > 0 && mean >= minTokens;
    }

    /** Whether the mean stays within the upper threshold (false for an empty log). */
    public boolean maxPass() {
        return samples > 0 && mean <= maxTokens;
    }

    /** Both checks pass. */
    public boolean passed() {
        return minPass() && maxPass();
    }

    /** {@code verify_output_len.txt} in the official layout; the checker looks for {@code TEST PASS}. */
    public List<String> lines() {
        List<String> out = new ArrayList<>(List.of(
                RULE,
                "TEST09: Verify Output Token Length in Performance Mode",
                RULE,
                "",
                "Output Token Length Statistics",
                "-".repeat(40),
                "Total samples: " + samples,
                "Mean output tokens: " + fixed2(mean),
                "Min output tokens: " + min,
                "Max output tokens: " + max));
        if (samples > 0) {
            out.add("Std deviation: " + fixed2(stdDev));
        }
        out.addAll(List.of(
                "",
                RULE,
                "Verification Results",
                RULE,
                "Mean output tokens: " + fixed2(mean),
                "Min threshold: " + minTokens,
                "Max threshold: " + maxTokens,
                "Min check pass: " + py(minPass()),
                "Max check pass: " + py(maxPass()),
                "",
                passed() ? "TEST PASS" : "TEST FAIL"));
        return out;
    }

    /** What a terminal shows: one line with the figures and the verdict. */
    public String summary() {
        return "mean output " + fixed2(mean) + " tokens over " + samples + " responses (min " + min + ", max " + max
                + "), window " + minTokens + " to " + maxTokens + ": " + (passed() ? "TEST PASS" : "TEST FAIL");
    }

    /** Python's {@code :.2f}: the exact binary value rounded half-even. */
    static String fixed2(double v) {
        return new BigDecimal(v).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }

    private static String py(boolean b) {
        return b ? "True" : "False";
    }
}
