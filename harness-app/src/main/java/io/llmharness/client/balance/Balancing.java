package io.llmharness.client.balance;

import io.llmharness.client.transport.Endpoint;
import io.llmharness.error.HarnessException;
import java.util.List;
import java.util.Locale;

/** The load-balancing policies. Config and CLI spell them {@code round-robin} and {@code least-outstanding}. */
public enum Balancing {
    /** Each server in turn. */
    ROUND_ROBIN,
    /** The server with the fewest requests in progress; ties go round-robin. */
    LEAST_OUTSTANDING;

    /** A balancer of this policy over the given servers. */
    public LoadBalancer over(List<Endpoint> endpoints) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("no endpoints");
        }
        return switch (this) {
            case ROUND_ROBIN -> new RoundRobinBalancer(endpoints);
            case LEAST_OUTSTANDING -> new LeastOutstandingBalancer(endpoints);
        };
    }

    /**
     * Parses a config or CLI value.
     *
     * @param where the flag or key the value came from, named in the error
     */
    public static Balancing parse(String value, String where) {
        String v = value.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (v) {
            case "round-robin", "rr" -> ROUND_ROBIN;
            case "least-outstanding", "least-requests", "lor" -> LEAST_OUTSTANDING;
            default ->
                throw HarnessException.badValue(
                        where,
                        where + ": unknown load-balancing policy '" + value
                                + "'; use round-robin or least-outstanding");
        };
    }
}
