package io.llmharness.workload.data;

import io.llmharness.workload.schedule.Rng;
import io.llmharness.workload.spec.LengthDistribution;

/** Draws token lengths from a {@link LengthDistribution}: rounded to integers, clipped to {@code [min, max]}. */
public final class LengthSampler {

    private LengthSampler() {}

    /** One length. */
    public static int sample(LengthDistribution d, Rng rng) {
        double v = switch (d.kind()) {
            case FIXED -> d.mean();
            case UNIFORM -> d.min() + rng.nextInt(d.max() - d.min() + 1);
            case NORMAL -> d.mean() + d.stdDev() * rng.nextGaussian();
            case LOGNORMAL -> d.min() + logNormal(d.mean() - d.min(), d.stdDev(), rng);
        };
        long r = Math.round(v);
        return (int) Math.max(d.min(), Math.min(d.max(), r));
    }

    /** Log-normal with the given mean and standard deviation (moment-matched). */
    private static double logNormal(double mean, double sd, Rng rng) {
        if (mean <= 0) {
            return 0;
        }
        double s2 = Math.log(1 + (sd * sd) / (mean * mean));
        double mu = Math.log(mean) - s2 / 2;
        return Math.exp(mu + Math.sqrt(s2) * rng.nextGaussian());
    }
}
