package io.llmharness.workload.spec;

import java.util.List;

/**
 * The load of a workload.
 *
 * @param stages the stages, in order (at least one)
 * @param requestTimeoutS longest a request may take from dispatch to its last byte, seconds; null = no limit
 * @param intervalS pause between two stages, seconds (≥ 0)
 * @param maxInFlight most requests in flight at once over the whole run (the client's cap; open-loop requests
 *     beyond it wait, their delay counted in their latency); 0 = no cap beyond the client's default
 * @param seed seed of every random choice (arrivals, lengths, texts): the same seed gives the same run plan
 */
public record LoadSpec(List<Stage> stages, Double requestTimeoutS, double intervalS, int maxInFlight, long seed) {

    public LoadSpec {
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a workload needs at least one stage");
        }
        if (requestTimeoutS != null && !(requestTimeoutS > 0)) {
            throw new IllegalArgumentException("request timeout must be > 0 s");
        }
        if (!(intervalS >= 0) || maxInFlight < 0) {
            throw new IllegalArgumentException("interval must be >= 0 s and the in-flight cap >= 0");
        }
    }

    /** These settings with other stages. */
    public LoadSpec withStages(List<Stage> s) {
        return new LoadSpec(s, requestTimeoutS, intervalS, maxInFlight, seed);
    }

    /** These settings with another pause between stages, seconds. */
    public LoadSpec withInterval(double s) {
        return new LoadSpec(stages, requestTimeoutS, s, maxInFlight, seed);
    }

    /** These settings with another seed. */
    public LoadSpec withSeed(long s) {
        return new LoadSpec(stages, requestTimeoutS, intervalS, maxInFlight, s);
    }

    /** The trace replay of this load, or null when it has none. */
    public Stage.Replay replay() {
        return stages.stream()
                .filter(Stage.Replay.class::isInstance)
                .map(Stage.Replay.class::cast)
                .findFirst()
                .orElse(null);
    }

    /** The largest number of requests a single stage plans (0 when a stage is bounded by time only). */
    public long largestStageRequests() {
        long max = 0;
        for (Stage s : stages) {
            long n = switch (s) {
                case Stage.Rate r -> r.requests();
                case Stage.Concurrency c -> c.requests();
                case Stage.Sweep sw -> 0;
                case Stage.Replay rp -> rp.plan().requests();
            };
            max = Math.max(max, n);
        }
        return max;
    }
}
