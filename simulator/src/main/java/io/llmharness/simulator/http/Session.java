package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.engine.Sequence;
import io.llmharness.simulator.engine.SequenceListener;
import io.llmharness.simulator.engine.SubmitResult;
import io.llmharness.simulator.fault.FaultSpec;
import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.request.PromptInput;
import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * One generation request in flight: receives its sequences' output from the engine thread, moves it onto the
 * request's own event loop, and leaves formatting to the subclass (streamed or not). Aborts its sequences when the
 * client goes away.
 */
abstract class Session implements SequenceListener {
    final ServerCore core;
    final Context ctx;
    private final io.netty.channel.EventLoop eventLoop;
    final HttpServerRequest req;
    final HttpServerResponse resp;
    final ResponseMeta meta;
    final List<Choice> choices;
    final Timeline timeline;
    final FaultSpec fault;
    final String requestIdHeader;
    final ErrorShape errorShape;
    List<Sequence> sequences = List.of();
    boolean closed;
    boolean ended;
    int finishedChoices;

    Session(
            ServerCore core,
            HttpServerRequest req,
            ResponseMeta meta,
            Timeline timeline,
            FaultSpec fault,
            String requestIdHeader,
            ErrorShape errorShape,
            boolean keepText) {
        this.core = core;
        this.ctx = Vertx.currentContext();
        this.eventLoop = ((io.vertx.core.internal.ContextInternal) ctx).nettyEventLoop();
        this.req = req;
        this.resp = req.response();
        this.meta = meta;
        this.timeline = timeline;
        this.fault = fault;
        this.requestIdHeader = requestIdHeader;
        this.errorShape = errorShape;
        this.choices = new ArrayList<>(meta.request().choices());
        int index = 0;
        for (int p = 0; p < meta.request().prompts().size(); p++) {
            PromptInput in = meta.request().prompts().get(p);
            for (int j = 0; j < in.sampling().n(); j++) {
                choices.add(new Choice(index++, p, in.ids(), in.text(), keepText, meta.request().stream()));
            }
        }
    }

    /** Hands the sequences to the engines. */
    void start(List<Sequence> seqs) {
        this.sequences = seqs;
        core.inFlight.incrementAndGet();
        resp.closeHandler(v -> onClientGone());
        resp.exceptionHandler(e -> onClientGone());
        beforeSubmit();
        core.engines.submit(seqs, result -> onLoop(() -> onSubmitted(result)));
        afterSubmit();
    }

    /** Hook around the submission (the zero-latency path produces the whole output inside it). */
    void beforeSubmit() {}

    void afterSubmit() {}

    private void onSubmitted(SubmitResult result) {
        if (closed) {
            return;
        }
        switch (result) {
            case ACCEPTED -> onAccepted();
            case QUEUE_FULL_RATE_LIMIT ->
                fail(new ApiError(
                        429, "RateLimitError", "Failed to enqueue request, waiting requests queue is full", null));
            case QUEUE_FULL_UNAVAILABLE ->
                fail(new ApiError(
                        503, "ServiceUnavailableError", "The server is overloaded: the waiting queue is full.", null));
            case STOPPED -> fail(stoppedError());
        }
    }

    ApiError stoppedError() {
        return core.health() == ServerCore.Health.DEAD
                ? new ApiError(
                        500,
                        "InternalServerError",
                        "EngineCore encountered an issue. See stack trace " + "(if any) for the root cause.",
                        null)
                : new ApiError(503, "ServiceUnavailableError", "The server is shutting down.", null);
    }

    /** An error response before anything was sent. */
    final void fail(ApiError e) {
        if (ended || closed) {
            return;
        }
        ended = true;
        Responses.error(core, resp, errorShape, e);
        done(e.status());
    }

    @Override
    public final void onOutput(
            Sequence seq, int tokenId, String text, FinishReason finish, Object stopReason, long nowNanos) {
        if (eventLoop.inEventLoop()) {
            deliver(seq, tokenId, text, finish, stopReason, nowNanos);
        } else {
            ctx.runOnContext(v -> deliver(seq, tokenId, text, finish, stopReason, nowNanos));
        }
    }

    private void deliver(Sequence seq, int tokenId, String text, FinishReason finish, Object stopReason, long now) {
        if (closed || ended) {
            return;
        }
        Choice c = choices.get(seq.choiceIndex());
        if (c.finished()) {
            return;
        }
        if (!c.started) {
            c.cachedTokens = seq.cachedTokens();
        }
        if (tokenId < 0 && (finish == FinishReason.ABORT || finish == FinishReason.ERROR) && timeline != null) {
            timeline.onAborted(Timeline.Abort.SERVER); // shutdown: the engine ended the sequence
        }
        output(c, tokenId, text, finish, stopReason, now);
    }

    abstract void onAccepted();

    abstract void output(Choice c, int tokenId, String text, FinishReason finish, Object stopReason, long nowNanos);

    final void onLoop(Runnable r) {
        if (eventLoop.inEventLoop()) {
            r.run();
        } else {
            ctx.runOnContext(v -> r.run());
        }
    }

    /**
     * Ends the session's bookkeeping (the response itself is written by the caller).
     *
     * @param status the status of the response written, or -1 when the server dropped the connection instead
     */
    final void done(int status) {
        if (timeline != null && status < 0) {
            timeline.onCut(System.nanoTime(), Timeline.Abort.SERVER);
        } else if (timeline != null && status != 200) {
            timeline.onDone(System.nanoTime(), status);
        }
        core.inFlight.decrementAndGet();
        core.onAnswered();
    }

    /** Stop generating: the response is over (fault) or the client left. */
    final void abortSequences() {
        core.engines.abort(sequences);
    }

    /** Stop generating because an injected fault ends the response; the timing record says the server cut it. */
    final void abortForFault() {
        abortSequences();
        if (timeline != null) {
            timeline.onAborted(Timeline.Abort.SERVER);
        }
    }

    private void onClientGone() {
        if (ended || closed) {
            return;
        }
        closed = true;
        abortSequences();
        clientGone();
        if (timeline != null) {
            // after a simulated crash the server reset the connection itself
            Timeline.Abort by = core.health() == ServerCore.Health.DEAD ? Timeline.Abort.SERVER : Timeline.Abort.CLIENT;
            timeline.onCut(System.nanoTime(), by);
        }
        core.inFlight.decrementAndGet();
    }

    /** Subclass cleanup when the client disconnected mid-response. */
    void clientGone() {}
}
