package io.llmharness.workload.schedule;

import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Plans a sweep's stages from what its probe measured. Pure functions. */
public final class SweepPlanner {

    private SweepPlanner() {}

    /**
     * inference-perf's saturation estimate: for consecutive samples of the number of requests in flight, every drop
     * is a drain rate ({@code (before − after) / Δt}); the saturation rate is the given percentile of those rates
     * (linear interpolation). Samples are {@code (timeNs, inFlight)} pairs in time order.
     *
     * @return requests per second, or NaN when the in-flight count never dropped
     */
    public static double saturation(long[] timesNs, int[] inFlight, double percentile) {
        List<Double> rates = new ArrayList<>();
        for (int i = 1; i < timesNs.length; i++) {
            long dt = timesNs[i] - timesNs[i - 1];
            int drop = inFlight[i - 1] - inFlight[i];
            if (drop > 0 && dt > 0) {
                rates.add(drop / (dt / 1e9));
            }
        }
        if (rates.isEmpty()) {
            return Double.NaN;
        }
        double[] sorted =
                rates.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return interpolated(sorted, percentile);
    }

    /** Linear-interpolation percentile of sorted values (numpy's default). */
    static double interpolated(double[] sorted, double percentile) {
        double pos = percentile / 100.0 * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    /**
     * inference-perf's sweep stages: {@code numStages} rates from 1 req/s to the saturation rate, linear or
     * geometric ({@code 1 + S − g} for g from S down to 1 geometrically, denser near saturation), rounded to two
     * decimals, each a stage of {@code stageDurationS}.
     */
    public static List<Stage> inferencePerf(SweepSpec.InferencePerf spec, double saturation) {
        double s = Math.max(1.0, saturation);
        int n = spec.numStages();
        double[] rates = new double[n];
        for (int k = 0; k < n; k++) {
            double f = n == 1 ? 1.0 : (double) k / (n - 1);
            double r = spec.geometric() ? 1 + s - Math.pow(s, 1 - f) : 1 + (s - 1) * f;
            rates[k] = Math.max(0.01, Math.round(r * 100) / 100.0);
        }
        return Arrays.stream(rates)
                .distinct()
                .mapToObj(r -> (Stage) Stage.Rate.of(r, spec.stageDurationS(), spec.arrival()))
                .toList();
    }

    /**
     * guidellm's sweep: after the synchronous and throughput stages measured their request rates,
     * {@code strategies − 2} constant-rate stages evenly between the two (both excluded).
     */
    public static List<Stage> guidellm(SweepSpec.Guidellm spec, double synchronousRate, double throughputRate) {
        List<Stage> out = new ArrayList<>();
        double lo = Math.min(synchronousRate, throughputRate);
        double hi = Math.max(synchronousRate, throughputRate);
        int k = spec.strategies() - 2;
        for (int i = 1; i <= k; i++) {
            double r = lo + (hi - lo) * i / (k + 1);
            if (!(r > 0)) {
                continue;
            }
            if (spec.durationS() > 0) {
                long n = Math.max(1, (long) Math.floor(r * spec.durationS()));
                out.add(new Stage.Rate(
                        r,
                        spec.durationS(),
                        spec.arrival(),
                        spec.maxRequests() > 0 ? Math.min(n, spec.maxRequests()) : n));
            } else {
                out.add(new Stage.Rate(r, spec.maxRequests() / r, spec.arrival(), spec.maxRequests()));
            }
        }
        return out;
    }

    /** The guidellm probe stages: synchronous (one in flight), then throughput. */
    public static List<Stage> guidellmProbes(SweepSpec.Guidellm spec) {
        return List.of(
                new Stage.Concurrency(1, spec.maxRequests(), spec.durationS()),
                new Stage.Concurrency(spec.maxConcurrency(), spec.maxRequests(), spec.durationS()));
    }
}
