package io.llmharness.workload.spec;

/** How a sweep probes the server and spreads its stages. */
public sealed interface SweepSpec {

    /** One line for the plan. */
    String describe();

    /**
     * inference-perf's {@code load.sweep}: a probe stage sends {@code probeRequests} over 5 s; the saturation rate is
     * the {@code saturationPercentile} of the rates at which the server drained its in-flight requests; then
     * {@code numStages} stages of {@code stageDurationS} from 1 req/s up to the saturation rate.
     *
     * @param geometric geometric spacing (denser near saturation) instead of linear
     * @param probeRequests requests of the probe stage
     * @param probeTimeoutS longest wait for the probe's requests, s
     * @param numStages stages to plan
     * @param stageDurationS length of each planned stage, s
     * @param saturationPercentile percentile of the drain rates taken as the saturation rate
     * @param arrival arrival process of the planned stages (the profile's load type)
     */
    record InferencePerf(
            boolean geometric,
            int probeRequests,
            double probeTimeoutS,
            int numStages,
            double stageDurationS,
            double saturationPercentile,
            Arrival arrival)
            implements SweepSpec {
        @Override
        public String describe() {
            return "sweep (" + (geometric ? "geometric" : "linear") + ", " + numStages + " stages of " + stageDurationS
                    + " s after a " + probeRequests + "-request probe)";
        }
    }

    /**
     * guidellm's {@code sweep} profile: a synchronous stage (one request at a time), a throughput stage (everything
     * at once, up to {@code maxConcurrency} in flight), then {@code strategies − 2} constant-rate stages evenly
     * between the two measured request rates.
     *
     * @param strategies total stages, at least 2
     * @param durationS length of each stage, s (0 = bounded by {@code maxRequests} only)
     * @param maxRequests requests per stage, 0 = bounded by the duration only
     * @param maxConcurrency in-flight cap of the throughput stage
     * @param arrival arrival process of the rate stages
     */
    record Guidellm(int strategies, double durationS, long maxRequests, int maxConcurrency, Arrival arrival)
            implements SweepSpec {
        @Override
        public String describe() {
            return "sweep (guidellm: synchronous, throughput, then " + (strategies - 2) + " rates in between)";
        }
    }
}
