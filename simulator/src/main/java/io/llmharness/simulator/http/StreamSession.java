package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.fault.FaultSpec;
import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * A streamed response: one SSE event per chunk as tokens arrive ({@code streamInterval} tokens per chunk), the usage
 * event, {@code data: [DONE]}. Headers go out at once (vLLM) or with the first token (llm-d style). Stream faults
 * are applied at chunk boundaries, counting output tokens sent over all choices.
 */
final class StreamSession extends Session {
    private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);
    private final StreamFormat format;
    private final SseWriter out;
    private final int interval;
    private int tokensSent;
    private boolean stalled;
    private boolean malformedSent;

    StreamSession(
            ServerCore core,
            HttpServerRequest req,
            ResponseMeta meta,
            Timeline timeline,
            FaultSpec fault,
            String requestIdHeader,
            ErrorShape errorShape,
            StreamFormat format,
            boolean keepText,
            SplittableRandom split) {
        super(core, req, meta, timeline, fault, requestIdHeader, errorShape, keepText);
        this.format = format;
        this.out = new SseWriter(core, req, ctx, requestIdHeader, timeline, split, fault.quirks());
        int requested = meta.request().streamInterval();
        this.interval = requested > 0 ? requested : core.options.streaming().streamInterval();
    }

    @Override
    void beforeSubmit() {
        if (core.options.latency().isZero()) {
            out.beginBatch();
        }
    }

    @Override
    void afterSubmit() {
        out.endBatch();
    }

    @Override
    void onAccepted() {
        if (fault.slowHeadersMs() > 0) {
            out.hold(fault.slowHeadersMs());
        }
        if (!core.options.streaming().streamHeadersOnFirstToken()) {
            out.headers();
        }
    }

    @Override
    void output(Choice c, int tokenId, String text, FinishReason finish, Object stopReason, long nowNanos) {
        if (!c.started && format.hasStart()) {
            JsonBytes target = out.batchTarget();
            Buffer start = format.start(c, target);
            if (target != null) {
                out.appended(c.index, 0);
            } else if (start != null) {
                out.event(start, c.index, 0);
            }
        }
        if (c.add(tokenId, text, finish, stopReason, interval)) {
            int tokens = c.ids.size() - c.pendingFrom;
            if (faultBeforeChunk()) {
                return;
            }
            JsonBytes target = out.batchTarget();
            Buffer chunk = format.delta(c, c.takeText(), target);
            c.started = true;
            c.sent();
            if (target != null) {
                out.appended(c.index, tokens);
            } else {
                out.event(chunk, c.index, tokens);
            }
            tokensSent += tokens;
        }
        c.started = true;
        if (finish != null && ++finishedChoices == choices.size()) {
            complete();
        }
    }

    /** Applies the faults due before the next chunk; returns true when the stream is over. */
    private boolean faultBeforeChunk() {
        if (due(fault.errorAfter())) {
            midStreamError();
            return true;
        }
        if (due(fault.resetAfter()) || due(fault.closeAfter())) {
            drop(due(fault.resetAfter()));
            return true;
        }
        if (!stalled && due(fault.stallAfter())) {
            stalled = true;
            out.hold(fault.stallMs());
        }
        if (!malformedSent && due(fault.malformedAfter())) {
            malformedSent = true;
            out.raw(Buffer.buffer("data: {\"id\":\"" + meta.id() + "\",\"object\":\"broken\",\"choices\":[{\"ind\n\n"));
        }
        return false;
    }

    private boolean due(int threshold) {
        return threshold >= 0 && tokensSent >= threshold;
    }

    private void complete() {
        if (faultBeforeChunk()) {
            return;
        }
        Buffer usage = format.usage(choices);
        if (usage != null) {
            out.event(usage, -1, 0);
        }
        ended = true;
        if (fault.noDone()) {
            out.abortConnection(false);
        } else {
            out.event(Buffer.buffer(DONE), -1, 0);
            out.end();
        }
        done(200);
    }

    private void midStreamError() {
        ended = true;
        abortForFault();
        out.event(
                format.error(new ApiError(
                        500,
                        "InternalServerError",
                        "Simulated failure after " + tokensSent + " tokens (X-Sim-Fault error-after).",
                        null)),
                -1,
                0);
        out.event(Buffer.buffer(DONE), -1, 0);
        out.end();
        done(200);
    }

    private void drop(boolean rst) {
        ended = true;
        abortForFault();
        out.abortConnection(rst);
        done(-1);
    }

    @Override
    void clientGone() {
        out.dispose();
    }
}
