package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.fault.FaultSpec;
import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;

/**
 * A non-streamed response: output is collected and written as one JSON body when every choice has finished
 * (headers only then, as servers do). Faults: reset/close/error after N generated tokens, stall and slow headers
 * delay the body, malformed truncates it.
 */
final class UnarySession extends Session {
    private final BodyFormat format;
    private int generated;

    UnarySession(
            ServerCore core,
            HttpServerRequest req,
            ResponseMeta meta,
            Timeline timeline,
            FaultSpec fault,
            String requestIdHeader,
            ErrorShape errorShape,
            BodyFormat format) {
        super(core, req, meta, timeline, fault, requestIdHeader, errorShape, true);
        this.format = format;
    }

    @Override
    void onAccepted() {}

    @Override
    void output(Choice c, int tokenId, String text, FinishReason finish, Object stopReason, long nowNanos) {
        c.add(tokenId, text, finish, stopReason, Integer.MAX_VALUE);
        c.started = true;
        if (tokenId >= 0) {
            generated++;
            if (timeline != null) {
                timeline.onEvent(nowNanos, c.index, 1);
            }
        }
        if (reached(fault.errorAfter())) {
            abortForFault();
            fail(new ApiError(
                    500,
                    "InternalServerError",
                    "Simulated failure after " + generated + " tokens (X-Sim-Fault error-after).",
                    null));
            return;
        }
        if (reached(fault.resetAfter()) || reached(fault.closeAfter())) {
            ended = true;
            abortForFault();
            if (reached(fault.resetAfter())) {
                Connections.reset(req.connection());
            } else {
                req.connection().close();
            }
            done(-1);
            return;
        }
        if (finish != null && ++finishedChoices == choices.size()) {
            complete();
        }
    }

    private boolean reached(int threshold) {
        return threshold >= 0 && generated >= threshold;
    }

    private void complete() {
        for (Choice c : choices) {
            if (c.finish == FinishReason.ABORT || c.finish == FinishReason.ERROR) {
                fail(stoppedError());
                return;
            }
        }
        ended = true;
        Buffer body = format.body(choices, System.nanoTime());
        long delay = fault.slowHeadersMs() + (fault.stallAfter() >= 0 ? fault.stallMs() : 0);
        boolean stallForever = fault.stallAfter() >= 0 && fault.stallMs() == 0;
        if (stallForever) {
            return;
        }
        if (delay > 0) {
            core.vertx.setTimer(delay, id -> send(body));
        } else {
            send(body);
        }
    }

    private void send(Buffer body) {
        if (closed) {
            return;
        }
        if (fault.malformedAfter() >= 0) {
            body = body.getBuffer(0, Math.max(1, body.length() / 2));
        }
        resp.setStatusCode(200);
        resp.putHeader(Responses.CONTENT_TYPE, Responses.APPLICATION_JSON);
        Responses.commonHeaders(core, resp, requestIdHeader);
        long now = System.nanoTime();
        resp.end(body);
        if (timeline != null) {
            timeline.onHeaders(now, 200);
            timeline.onDone(now, 200);
        }
        done(200);
    }
}
