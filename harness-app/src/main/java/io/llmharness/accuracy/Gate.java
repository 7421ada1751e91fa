package io.llmharness.accuracy;

/**
 * One check of the submission checker on a printed metric: {@code value ≥ lower} and, when present,
 * {@code value ≤ upper}. Bounds are the products the checker evaluates (e.g. {@code 38.7792 * 0.99}).
 *
 * @param metric the key in the result dict
 * @param lower the lower bound
 * @param upper the upper bound, or null
 */
public record Gate(String metric, double lower, Double upper) {

    /** Whether the value passes. */
    public boolean passes(double value) {
        return value >= lower && (upper == null || !(value > upper));
    }

    /** The bounds in words, e.g. {@code ≥ 38.391408} or {@code 265.005 – 323.895}. */
    public String describe() {
        String lo = io.llmharness.accuracy.text.PyNumbers.repr(lower);
        return upper == null ? ">= " + lo : lo + " .. " + io.llmharness.accuracy.text.PyNumbers.repr(upper);
    }
}
