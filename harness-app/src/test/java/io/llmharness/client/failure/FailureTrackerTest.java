package io.llmharness.client.failure;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailureTrackerTest {

    private final List<RunAbort> aborts = new ArrayList<>();
    private static final Outcome E400 = new Outcome.HttpError(400, "bad top_p", "BadRequestError", false);

    @Test
    void consecutiveFailuresPerServerAbortOnce() {
        FailureTracker t = new FailureTracker(2, 3, aborts::add);
        t.onOutcome(0, "http://a", E400, true);
        t.onOutcome(0, "http://a", E400, true);
        t.onOutcome(1, "http://b", E400, true); // other server: its own count
        t.onOutcome(0, "http://a", Outcome.OK, true); // success resets
        t.onOutcome(0, "http://a", E400, true);
        t.onOutcome(0, "http://a", new Outcome.Cancelled("x"), true); // ignored
        t.onOutcome(0, "http://a", E400, true);
        assertThat(aborts).isEmpty();
        assertThat(t.consecutiveFailures(0)).isEqualTo(2);
        t.onOutcome(0, "http://a", E400, true);
        t.onOutcome(0, "http://a", E400, true);
        assertThat(aborts).hasSize(1);
        assertThat(aborts.get(0).message()).isEqualTo("http://a failed 3 requests in a row; last: HTTP 400: bad top_p");
        assertThat(aborts.get(0).reason()).isEqualTo(RunAbort.Reason.CONSECUTIVE_FAILURES);
        assertThat(t.abort()).contains(aborts.get(0));
    }

    /**
     * Failures count in the order the requests were sent: error answers that come back while the successes sent
     * between them are still generating are not "in a row"; failures sent back to back are, whatever order they
     * are answered in.
     */
    @Test
    void failuresAreInARowInSendOrderNotInCompletionOrder() {
        FailureTracker t = new FailureTracker(1, 3, aborts::add);
        t.onOutcome(0, 0, "http://a", E400, true);
        t.onOutcome(0, 2, "http://a", E400, true);
        t.onOutcome(0, 3, "http://a", E400, true);
        t.onOutcome(0, 5, "http://a", E400, true);
        assertThat(aborts)
                .as("request 1 and 4 are still running: no three failures in a row")
                .isEmpty();
        t.onOutcome(0, 1, "http://a", Outcome.OK, true);
        t.onOutcome(0, 4, "http://a", Outcome.OK, true);
        assertThat(aborts).isEmpty();
        assertThat(t.consecutiveFailures(0)).isEqualTo(1);
        t.onOutcome(0, 8, "http://a", E400, true);
        t.onOutcome(0, 7, "http://a", E400, true);
        assertThat(aborts).isEmpty();
        t.onOutcome(0, 6, "http://a", E400, true);
        assertThat(aborts).as("5..8 were sent back to back and all failed").hasSize(1);
        assertThat(aborts.get(0).message()).startsWith("http://a failed 3 requests in a row");
    }

    @Test
    void unreachableOnlyWhenTheServerNeverAnswered() {
        FailureTracker t = new FailureTracker(1, 0, aborts::add);
        Outcome refused = new Outcome.TransportError("Connection refused", true);
        t.onOutcome(0, "http://a", refused, true);
        assertThat(aborts).as("a server that worked before: just a failure").isEmpty();
        t.onOutcome(0, "http://a", new Outcome.Timeout(TimeoutPhase.CONNECT, 10_000), false);
        assertThat(aborts).hasSize(1);
        assertThat(aborts.get(0).message())
                .isEqualTo("cannot connect to http://a (no connection within 10000 ms); check that the server is "
                        + "running and the URL is right");
    }

    @Test
    void zeroDisablesTheConsecutiveRule() {
        FailureTracker t = new FailureTracker(1, 0, aborts::add);
        for (int i = 0; i < 1000; i++) {
            t.onOutcome(0, "http://a", E400, true);
        }
        assertThat(aborts).isEmpty();
    }

    @Test
    void invalidRequestAbortsAtOnce() {
        FailureTracker t = new FailureTracker(1, 10, aborts::add);
        t.onOutcome(0, "http://a", new Outcome.InvalidRequest("sample 3: chat messages need chat"), false);
        assertThat(aborts.get(0).reason()).isEqualTo(RunAbort.Reason.INVALID_REQUEST);
        assertThat(aborts.get(0).message())
                .isEqualTo("cannot build a request for http://a: sample 3: chat messages need chat");
    }
}
