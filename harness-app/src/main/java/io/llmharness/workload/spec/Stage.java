package io.llmharness.workload.spec;

import io.llmharness.workload.trace.ReplayPlan;

/**
 * One stage of a workload. Stages run one after the other and never mix requests: a request belongs to the stage
 * that scheduled it, and a stage ends when all of its requests have finished.
 */
public sealed interface Stage {

    /** One line for the plan and the reports, e.g. {@code 8.0 req/s for 120 s (960 requests, poisson)}. */
    String describe();

    /**
     * Open loop: requests start at planned times whatever the server does; latency counts from the planned time.
     *
     * @param rate requested rate, requests per second (> 0)
     * @param durationS stage length in seconds (> 0): the span the arrivals are spread over
     * @param arrival how the arrivals are spread
     * @param requests requests in the stage (≥ 1), normally {@code floor(rate × duration)}
     */
    record Rate(double rate, double durationS, Arrival arrival, long requests) implements Stage {
        public Rate {
            if (!(rate > 0) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException("rate must be a positive number of requests per second");
            }
            if (!(durationS > 0)) {
                throw new IllegalArgumentException("duration must be > 0 s");
            }
            if (requests < 1) {
                throw new IllegalArgumentException("a stage needs at least one request");
            }
        }

        /** A stage of {@code floor(rate × duration)} requests (at least one). */
        public static Rate of(double rate, double durationS, Arrival arrival) {
            return new Rate(rate, durationS, arrival, Math.max(1, (long) Math.floor(rate * durationS + 1e-9)));
        }

        @Override
        public String describe() {
            return rate + " req/s for " + durationS + " s (" + requests + " requests, " + arrival.describe() + ")";
        }
    }

    /**
     * Closed loop: keep {@code concurrency} requests in flight; a new one starts when one finishes. The stage ends
     * when {@code requests} have been sent or {@code durationS} has passed, whichever comes first.
     *
     * @param concurrency requests in flight (≥ 1)
     * @param requests requests to send, 0 = no limit (then a duration is required)
     * @param durationS seconds after which no new request starts, 0 = no limit
     */
    record Concurrency(int concurrency, long requests, double durationS) implements Stage {
        public Concurrency {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be >= 1");
            }
            if (requests < 0 || durationS < 0) {
                throw new IllegalArgumentException("requests and duration must be >= 0");
            }
            if (requests == 0 && durationS == 0) {
                throw new IllegalArgumentException("a concurrency stage needs a request count or a duration");
            }
        }

        @Override
        public String describe() {
            String bound = requests > 0 ? requests + " requests" : "";
            if (durationS > 0) {
                bound += (bound.isEmpty() ? "" : ", at most ") + durationS + " s";
            }
            return concurrency + " concurrent (" + bound + ")";
        }
    }

    /**
     * Open loop on a trace's recorded schedule: each session starts at its due time, each later turn after the
     * previous turn's answer and its think time; latency counts from the due time.
     *
     * @param plan the rows, sessions and due times
     */
    record Replay(ReplayPlan plan) implements Stage {
        @Override
        public String describe() {
            return "replay of " + plan.describe();
        }
    }

    /**
     * Stages found at run time: a probe measures the server, then the stages are planned from what it measured.
     *
     * @param sweep how to probe and plan
     */
    record Sweep(SweepSpec sweep) implements Stage {
        @Override
        public String describe() {
            return sweep.describe();
        }
    }
}
