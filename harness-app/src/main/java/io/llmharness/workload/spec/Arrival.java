package io.llmharness.workload.spec;

/**
 * How the requests of an open-loop stage are spread over its duration.
 *
 * @param kind the arrival process
 * @param burstiness shape of the gamma gaps ({@link Kind#GAMMA} only; 1.0 = Poisson), as vLLM's
 *     {@code --burstiness}
 */
public record Arrival(Kind kind, double burstiness) {

    /** The arrival processes. */
    public enum Kind {
        /** Evenly spaced, one every 1/rate seconds. */
        CONSTANT,
        /** A Poisson process conditioned on the stage's request count: exponential gaps, scaled to the stage. */
        POISSON,
        /** Gamma-distributed gaps with the given burstiness, scaled so the last request starts at count/rate. */
        GAMMA
    }

    /** Evenly spaced arrivals. */
    public static final Arrival CONSTANT = new Arrival(Kind.CONSTANT, 1.0);

    /** Poisson arrivals. */
    public static final Arrival POISSON = new Arrival(Kind.POISSON, 1.0);

    public Arrival {
        if (!(burstiness > 0)) {
            throw new IllegalArgumentException("burstiness must be > 0");
        }
    }

    /** Gamma arrivals of the given burstiness. */
    public static Arrival gamma(double burstiness) {
        return new Arrival(Kind.GAMMA, burstiness);
    }

    /** A short name for reports: {@code constant}, {@code poisson}, {@code gamma(0.5)}. */
    public String describe() {
        return switch (kind) {
            case CONSTANT -> "constant";
            case POISSON -> "poisson";
            case GAMMA -> burstiness == 1.0 ? "poisson" : "gamma(burstiness " + burstiness + ")";
        };
    }
}
