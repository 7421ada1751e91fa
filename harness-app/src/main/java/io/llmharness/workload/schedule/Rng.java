package io.llmharness.workload.schedule;

/**
 * A small SplitMix64 generator whose starting state is a hash of (seed, stream, index), so that the random numbers
 * of request {@code index} in stream {@code stream} never depend on how many numbers other requests drew. Not
 * thread-safe; cheap to create (one per draw site).
 */
public final class Rng {

    private long state;

    private Rng(long state) {
        this.state = state;
    }

    /** The generator of one (seed, stream, index). */
    public static Rng of(long seed, long stream, long index) {
        return new Rng(mix(mix(mix(seed) ^ (stream * 0x9E3779B97F4A7C15L)) ^ (index * 0xC2B2AE3D27D4EB4FL)));
    }

    /** SplitMix64's finaliser: a bijective hash of a long. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The next 64 random bits. */
    public long nextLong() {
        state += 0x9E3779B97F4A7C15L;
        return mix(state);
    }

    /** Uniform in the open interval (0, 1). */
    public double nextDouble() {
        return ((nextLong() >>> 11) + 0.5) * 0x1.0p-53;
    }

    /** Uniform integer in {@code [0, bound)}. */
    public int nextInt(int bound) {
        return (int) Math.floorMod(nextLong(), (long) bound);
    }

    /** Standard normal (Box–Muller, one value per call). */
    public double nextGaussian() {
        return Math.sqrt(-2 * Math.log(nextDouble())) * Math.cos(2 * Math.PI * nextDouble());
    }

    /** Exponential with mean 1. */
    public double nextExponential() {
        return -Math.log(nextDouble());
    }

    /** Gamma with the given shape and scale 1 (Marsaglia and Tsang; shape below 1 boosted by U^(1/shape)). */
    public double nextGamma(double shape) {
        if (shape < 1) {
            return nextGamma(shape + 1) * Math.pow(nextDouble(), 1 / shape);
        }
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = nextDouble();
            if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
                return d * v;
            }
        }
    }
}
