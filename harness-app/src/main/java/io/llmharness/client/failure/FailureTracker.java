package io.llmharness.client.failure;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Counts consecutive failed requests per server and decides, at most once, to abort the run. Thread-safe and
 * lock-free: {@link #onOutcome} is called from event loops. The abort callback runs on the event loop that saw
 * the deciding outcome and must not block; hand heavy work to another thread.
 *
 * <p>Rules: {@code maxConsecutive} failed requests in a row on one server abort, "in a row" in the order the requests
 * were sent ({@link FailureRuns}: a success sent in between breaks the run even when it is answered later);
 * cancellations neither count nor break a run; a connection failure on a server that never answered successfully
 * aborts at once (it is unreachable, or the URL is wrong); a request the client cannot build aborts at once.
 */
public final class FailureTracker {

    private final int maxConsecutive;
    private final FailureRuns[] runs;
    private final AtomicLong[] completionOrder;
    private final AtomicReference<RunAbort> abort = new AtomicReference<>();
    private final Consumer<RunAbort> onAbort;

    /**
     * @param endpoints number of servers (indices 0..n-1)
     * @param maxConsecutive failures in a row that abort the run; 0 = never abort for consecutive failures
     * @param onAbort called once when the run should stop
     */
    public FailureTracker(int endpoints, int maxConsecutive, Consumer<RunAbort> onAbort) {
        if (maxConsecutive < 0) {
            throw new IllegalArgumentException("maxConsecutive must be >= 0");
        }
        this.maxConsecutive = maxConsecutive;
        this.onAbort = onAbort == null ? a -> {} : onAbort;
        this.runs = new FailureRuns[endpoints];
        this.completionOrder = new AtomicLong[endpoints];
        for (int i = 0; i < endpoints; i++) {
            runs[i] = new FailureRuns();
            completionOrder[i] = new AtomicLong();
        }
    }

    /**
     * Notes one request outcome, taking completion order as send order (for callers that send one request at a
     * time). Do not mix with {@link #onOutcome(int, long, String, Outcome, boolean)} on one tracker.
     */
    public void onOutcome(int endpoint, String url, Outcome outcome, boolean everSucceeded) {
        onOutcome(endpoint, completionOrder[endpoint].getAndIncrement(), url, outcome, everSucceeded);
    }

    /**
     * Notes one request outcome.
     *
     * @param endpoint server index
     * @param sequence the request's place in the order requests were sent to this server (0, 1, 2, …)
     * @param url server base URL, named in the message
     * @param everSucceeded whether that server has answered any request successfully so far
     */
    public void onOutcome(int endpoint, long sequence, String url, Outcome outcome, boolean everSucceeded) {
        FailureRuns r = runs[endpoint];
        if (outcome instanceof Outcome.Ok) {
            r.record(sequence, FailureRuns.OK);
        } else if (outcome instanceof Outcome.Cancelled) {
            r.record(sequence, FailureRuns.SKIPPED);
        } else if (outcome instanceof Outcome.InvalidRequest bad) {
            decide(new RunAbort(
                    RunAbort.Reason.INVALID_REQUEST,
                    url,
                    "cannot build a request for " + url + ": " + bad.message(),
                    outcome));
        } else if (!everSucceeded && connectFailure(outcome) != null) {
            decide(new RunAbort(
                    RunAbort.Reason.UNREACHABLE,
                    url,
                    "cannot connect to " + url + " (" + connectFailure(outcome) + ")"
                            + (connectFailure(outcome).startsWith("TLS")
                                    ? ""
                                    : "; check that the server is running and the URL is right"),
                    outcome));
        } else {
            r.record(sequence, FailureRuns.FAILED);
            int n = maxConsecutive > 0 ? r.runAround(sequence, maxConsecutive) : 0;
            if (maxConsecutive > 0 && n >= maxConsecutive) {
                decide(new RunAbort(
                        RunAbort.Reason.CONSECUTIVE_FAILURES,
                        url,
                        url + " failed " + n + " requests in a row; last: " + outcome.describe() + hint(outcome),
                        outcome));
            }
        }
    }

    /** What to do about an answer that says the request lacked credentials. */
    private static String hint(Outcome o) {
        if (o instanceof Outcome.HttpError h && (h.status() == 401 || h.status() == 403)) {
            return " (the server wants an API key: give it with --api-key KEY or the OPENAI_API_KEY variable;"
                    + " if one was sent, it is not the server's)";
        }
        return "";
    }

    private static String connectFailure(Outcome o) {
        if (o instanceof Outcome.TransportError te && te.connect()) {
            return te.message();
        }
        if (o instanceof Outcome.Timeout t && t.phase() == TimeoutPhase.CONNECT) {
            return "no connection within " + t.limitMs() + " ms";
        }
        return null;
    }

    /** The abort decision, once made. */
    public Optional<RunAbort> abort() {
        return Optional.ofNullable(abort.get());
    }

    /** Failures in a row (in send order) up to the latest request of one server that has an outcome. */
    public int consecutiveFailures(int endpoint) {
        return runs[endpoint].runAtLatest();
    }

    private void decide(RunAbort a) {
        if (abort.compareAndSet(null, a)) {
            onAbort.accept(a);
        }
    }
}
