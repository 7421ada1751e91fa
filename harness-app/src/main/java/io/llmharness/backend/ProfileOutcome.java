package io.llmharness.backend;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The answers of all servers to one profiler call. Expected outcomes — including "profiling not enabled" —
 * are values; the run decides whether they matter.
 *
 * @param action {@code start_profile} or {@code stop_profile}
 * @param results one per server, in index order
 */
public record ProfileOutcome(String action, List<Result> results) {

    /** How one server answered. */
    public enum Status {
        /** HTTP 200. */
        OK,
        /**
         * HTTP 404: the route exists only when the server was started with its own profiling switch; the detail
         * names that switch.
         */
        NOT_ENABLED,
        /** Any other status, a timeout or a connection error. */
        FAILED
    }

    /**
     * @param baseUrl the server
     * @param status outcome
     * @param detail e.g. {@code HTTP 500}, {@code no answer within 1800 s}; null when OK
     */
    public record Result(String baseUrl, Status status, String detail) {}

    public ProfileOutcome {
        results = List.copyOf(results);
    }

    /** Whether every server answered 200. */
    public boolean allOk() {
        return results.stream().allMatch(r -> r.status() == Status.OK);
    }

    /** One line, e.g. {@code start_profile: ok on 2 server(s)} or the problems per server. */
    public String summary() {
        if (allOk()) {
            return action + ": ok on " + results.size() + " server(s)";
        }
        return action + ": "
                + results.stream()
                        .filter(r -> r.status() != Status.OK)
                        .map(r -> r.baseUrl() + " "
                                + (r.status() == Status.NOT_ENABLED
                                        ? "answered 404: " + r.detail()
                                        : "failed: " + r.detail()))
                        .collect(Collectors.joining("; "));
    }
}
