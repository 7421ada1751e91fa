package io.llmharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The harness's own verdict on failures, and the names of the kinds it counts. */
class FailureVerdictTest {

    @Test
    void anyFailedSampleFailsTheRunWhenNoneIsAllowed() {
        FailureVerdict v = new FailureVerdict("samples", 1000, 210, 0, Map.of("HTTP 500", 150L, "idle timeout", 60L));
        assertThat(v.failedRun()).isTrue();
        assertThat(v.verdict()).isEqualTo("FAILED-SAMPLES");
        assertThat(v.completed()).isEqualTo(790);
        assertThat(v.completed() + v.failed()).isEqualTo(v.issued());
        assertThat(v.line("out/requests.csv"))
                .isEqualTo("210 of 1000 samples failed (21.0 %): 150 HTTP 500, 60 idle timeout;"
                        + " records: out/requests.csv");
        assertThat(new FailureVerdict("samples", 1000, 1, 0, Map.of()).failedRun())
                .isTrue();
    }

    @Test
    void anAllowedShareIsAnUpperBound() {
        assertThat(new FailureVerdict("requests", 100, 5, 0.05, Map.of()).verdict())
                .isEqualTo(FailureVerdict.OK);
        FailureVerdict over = new FailureVerdict("requests", 100, 6, 0.05, Map.of("HTTP 429", 6L));
        assertThat(over.verdict()).isEqualTo("FAILED-REQUESTS");
        assertThat(over.line(null)).isEqualTo("6 of 100 requests failed (6.0 %): 6 HTTP 429; allowed 5.0 %");
    }

    @Test
    void noFailureAndNothingIssuedAreOk() {
        assertThat(new FailureVerdict("samples", 0, 0, 0, Map.of()).verdict()).isEqualTo("OK");
        assertThat(new FailureVerdict("samples", 10, 0, 0, Map.of()).rate()).isZero();
    }

    @Test
    void kindsAreSortedMostFrequentFirst() {
        FailureVerdict v = new FailureVerdict("samples", 10, 6, 0, Map.of("b", 1L, "a", 1L, "c", 4L));
        assertThat(v.byKind().keySet()).containsExactly("c", "a", "b");
        assertThat(v.toMap())
                .containsEntry("verdict", "FAILED-SAMPLES")
                .containsEntry("issued", 10L)
                .containsEntry("completed", 4L)
                .containsEntry("failed", 6L);
    }

    @Test
    void eachOutcomeHasAShortKind() {
        assertThat(FailureVerdict.kind(new Outcome.HttpError(500, "x", null, false)))
                .isEqualTo("HTTP 500");
        assertThat(FailureVerdict.kind(new Outcome.HttpError(200, "x", null, true)))
                .isEqualTo("error event");
        assertThat(FailureVerdict.kind(new Outcome.Timeout(TimeoutPhase.IDLE, 1000)))
                .isEqualTo("idle timeout");
        assertThat(FailureVerdict.kind(new Outcome.Timeout(TimeoutPhase.TOTAL, 1000)))
                .isEqualTo("request timeout");
        assertThat(FailureVerdict.kind(new Outcome.Timeout(TimeoutPhase.CONNECT, 1000)))
                .isEqualTo("connect timeout");
        assertThat(FailureVerdict.kind(new Outcome.TransportError("stream reset", false)))
                .isEqualTo("connection reset");
        assertThat(FailureVerdict.kind(new Outcome.TransportError("connection closed by the server", false)))
                .isEqualTo("connection closed");
        assertThat(FailureVerdict.kind(new Outcome.TransportError("Connection refused", true)))
                .isEqualTo("cannot connect");
        assertThat(FailureVerdict.kind(new Outcome.TransportError("TLS handshake failed: x", true)))
                .isEqualTo("TLS handshake");
        assertThat(FailureVerdict.kind(new Outcome.ProtocolError("stream ended without data: [DONE] after 3 events")))
                .isEqualTo("stream ended early");
        assertThat(FailureVerdict.kind(new Outcome.ProtocolError("bad JSON"))).isEqualTo("malformed response");
        assertThat(FailureVerdict.kind(new Outcome.Cancelled("interrupted"))).isEqualTo("cancelled");
    }

    @Test
    void theShareMustBeBetweenZeroAndOne() {
        assertThatThrownBy(() -> new FailureVerdict("samples", 1, 0, 1.5, Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
