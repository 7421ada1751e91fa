package io.llmharness.report;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;

/**
 * An {@link Outcome} spread over the columns of the request tables, and back. {@code error} is the one-line
 * description ({@link Outcome#describe()}); the other fields hold what is needed to rebuild the exact value.
 *
 * @param kind outcome kind
 * @param error {@link Outcome#describe()}, null for OK
 * @param detail the server's or network stack's message, or the cancel reason; null for OK and timeouts
 * @param type the server's error type (HTTP errors), else null
 * @param status the error's HTTP status (HTTP errors; may differ from the response status for an error event
 *     inside a 200 stream), else null
 * @param midStream whether an HTTP error arrived inside a stream (HTTP errors), else null
 * @param connectFailure whether no connection could be opened (transport errors), else null
 * @param timeoutPhase which timeout fired (timeouts), else null
 * @param timeoutMs the limit that fired, in milliseconds (timeouts), else null
 */
record OutcomeFields(
        Outcome.Kind kind,
        String error,
        String detail,
        String type,
        Integer status,
        Boolean midStream,
        Boolean connectFailure,
        TimeoutPhase timeoutPhase,
        Long timeoutMs) {

    static OutcomeFields of(Outcome o) {
        String error = o.isOk() ? null : o.describe();
        return switch (o) {
            case Outcome.Ok ok -> new OutcomeFields(o.kind(), null, null, null, null, null, null, null, null);
            case Outcome.HttpError h ->
                new OutcomeFields(o.kind(), error, h.message(), h.type(), h.status(), h.midStream(), null, null, null);
            case Outcome.Timeout t ->
                new OutcomeFields(o.kind(), error, null, null, null, null, null, t.phase(), t.limitMs());
            case Outcome.TransportError t ->
                new OutcomeFields(o.kind(), error, t.message(), null, null, null, t.connect(), null, null);
            case Outcome.ProtocolError p -> withDetail(o, p.message());
            case Outcome.InvalidRequest i -> withDetail(o, i.message());
            case Outcome.Cancelled c -> withDetail(o, c.reason());
        };
    }

    private static OutcomeFields withDetail(Outcome o, String detail) {
        return new OutcomeFields(o.kind(), o.describe(), detail, null, null, null, null, null, null);
    }

    /** The outcome these fields describe. */
    Outcome toOutcome() {
        return switch (kind) {
            case OK -> Outcome.OK;
            case HTTP_ERROR ->
                new Outcome.HttpError(status == null ? 0 : status, detail, type, Boolean.TRUE.equals(midStream));
            case TIMEOUT ->
                new Outcome.Timeout(
                        timeoutPhase == null ? TimeoutPhase.TOTAL : timeoutPhase, timeoutMs == null ? 0 : timeoutMs);
            case TRANSPORT_ERROR -> new Outcome.TransportError(detail, Boolean.TRUE.equals(connectFailure));
            case PROTOCOL_ERROR -> new Outcome.ProtocolError(detail);
            case INVALID_REQUEST -> new Outcome.InvalidRequest(detail);
            case CANCELLED -> new Outcome.Cancelled(detail);
        };
    }
}
