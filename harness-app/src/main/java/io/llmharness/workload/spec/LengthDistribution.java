package io.llmharness.workload.spec;

/**
 * A distribution of token lengths: samples are drawn, rounded to integers and clipped to {@code [min, max]}.
 *
 * @param kind the shape
 * @param min smallest length, tokens (≥ 0)
 * @param max largest length, tokens (≥ min)
 * @param mean mean before clipping, tokens
 * @param stdDev standard deviation before clipping, tokens (NORMAL, LOGNORMAL)
 */
public record LengthDistribution(Kind kind, int min, int max, double mean, double stdDev) {

    /** Shapes. */
    public enum Kind {
        /** Normal around the mean (inference-perf's default). */
        NORMAL,
        /** Uniform over {@code [min, max]}. */
        UNIFORM,
        /** Always {@code round(mean)}. */
        FIXED,
        /** Log-normal on {@code length − min}, with the given mean and standard deviation, shifted by min. */
        LOGNORMAL
    }

    public LengthDistribution {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("need 0 <= min <= max, got min " + min + ", max " + max);
        }
        if (!(stdDev >= 0) || Double.isNaN(mean)) {
            throw new IllegalArgumentException("std_dev must be >= 0 and mean a number");
        }
    }

    /** Always {@code n} tokens. */
    public static LengthDistribution fixed(int n) {
        return new LengthDistribution(Kind.FIXED, n, n, n, 0);
    }

    /** A short text for the plan, e.g. {@code normal(mean 50, sd 10, [10, 100])}. */
    public String describe() {
        return switch (kind) {
            case FIXED -> "fixed " + (int) Math.round(mean);
            case UNIFORM -> "uniform [" + min + ", " + max + "]";
            case NORMAL, LOGNORMAL ->
                kind.name().toLowerCase(java.util.Locale.ROOT) + "(mean " + mean + ", sd " + stdDev + ", [" + min + ", "
                        + max + "])";
        };
    }
}
