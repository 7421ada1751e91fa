package io.llmharness.simulator.http;

import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * Writes one server-sent-event stream: headers (at once, or later for slow-header faults), events flushed one by
 * one, the end. Supports holding output back (stall and slow-header faults), recording write times into the
 * request's {@link Timeline}, and the split-writes test mode (random cut points, occasional coalescing of events).
 * Event-loop only.
 */
final class SseWriter {
    private record Pending(Buffer data, int choice, int tokens) {}

    private static final CharSequence EVENT_STREAM =
            io.vertx.core.http.HttpHeaders.createOptimized("text/event-stream; charset=utf-8");

    private final HttpServerResponse resp;
    private final HttpConnection connection;
    private final Context ctx;
    private final ServerCore core;
    private final String requestIdHeader;
    private final Timeline timeline;
    private final SplittableRandom split;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private boolean headersSent;
    private boolean holding;
    private boolean endRequested;
    private boolean finished;
    private long holdTimer = -1;
    private byte[] carry;
    private JsonBytes batch;
    private boolean endAfterBatch;

    private final int quirks;
    private int eventIds;

    SseWriter(
            ServerCore core,
            HttpServerRequest req,
            Context ctx,
            String requestIdHeader,
            Timeline timeline,
            SplittableRandom split,
            int quirks) {
        this.quirks = quirks & ~io.llmharness.simulator.fault.FaultSpec.TEXT_ERROR;
        this.core = core;
        this.resp = req.response();
        this.connection = req.connection();
        this.ctx = ctx;
        this.requestIdHeader = requestIdHeader;
        this.timeline = timeline;
        this.split = split;
    }

    boolean finished() {
        return finished;
    }

    /** Sends the response headers now (unless held or already sent). */
    void headers() {
        if (headersSent || finished || holding) {
            return;
        }
        headersSent = true;
        resp.setStatusCode(200);
        resp.putHeader(Responses.CONTENT_TYPE, EVENT_STREAM);
        Responses.commonHeaders(core, resp, requestIdHeader);
        resp.setChunked(true);
        resp.writeHead();
        if (timeline != null) {
            timeline.onHeaders(System.nanoTime(), 200);
        }
    }

    /** One complete event; {@code tokens} is recorded in the timeline with the write time. */
    void event(Buffer data, int choice, int tokens) {
        if (finished) {
            return;
        }
        if (holding) {
            queue.add(new Pending(data, choice, tokens));
            return;
        }
        headers();
        write(data, choice, tokens);
    }

    /** Raw bytes (a malformed event) written as is. */
    void raw(Buffer data) {
        event(data, -1, 0);
    }

    private void write(Buffer data, int choice, int tokens) {
        if (timeline != null && tokens > 0) {
            timeline.onEvent(System.nanoTime(), choice, tokens);
        }
        if (quirks != 0) {
            data = SseQuirks.apply(data, quirks, ++eventIds);
        }
        if (batch != null) {
            batch.raw(data.getBytes());
        } else if (split == null) {
            resp.write(data);
        } else {
            splitWrite(data.getBytes());
        }
    }

    /**
     * Zero-latency mode: every event of the response is produced in one go, so they are written as one buffer
     * (same bytes, one syscall) until {@link #endBatch()}. Not used with split writes.
     */
    void beginBatch() {
        if (split == null && quirks == 0 && !finished) {
            batch = new JsonBytes(8192);
        }
    }

    /**
     * Where formats may append the next event directly (zero-latency batch), or null when each event must be its own
     * buffer. After appending, call {@link #appended}.
     */
    JsonBytes batchTarget() {
        return holding || finished ? null : batch;
    }

    /** An event was appended to {@link #batchTarget()}: headers and the timeline are updated. */
    void appended(int choice, int tokens) {
        headers();
        if (timeline != null && tokens > 0) {
            timeline.onEvent(System.nanoTime(), choice, tokens);
        }
    }

    void endBatch() {
        JsonBytes b = batch;
        batch = null;
        if (b == null || finished && !endAfterBatch) {
            return;
        }
        if (endAfterBatch) {
            resp.end(b.toBuffer());
        } else if (b.length() > 0) {
            resp.write(b.toBuffer());
        }
    }

    /**
     * Holds output back for {@code ms} milliseconds (0 = until the client gives up). Holding before the headers
     * went out delays the headers too.
     */
    void hold(long ms) {
        holding = true;
        if (ms > 0) {
            holdTimer = core.vertx.setTimer(ms, id -> {
                holdTimer = -1;
                release();
            });
        }
    }

    private void release() {
        holding = false;
        if (finished) {
            return;
        }
        headers();
        while (!queue.isEmpty() && !holding) {
            Pending p = queue.poll();
            write(p.data, p.choice, p.tokens);
        }
        if (endRequested && !holding) {
            end();
        }
    }

    /** Ends the response (after held output is released). */
    void end() {
        if (finished) {
            return;
        }
        if (holding) {
            endRequested = true;
            return;
        }
        headers();
        if ((quirks & io.llmharness.simulator.fault.FaultSpec.AFTER_DONE) != 0) {
            write(Buffer.buffer(SseQuirks.AFTER_DONE_EVENT), -1, 0);
        }
        finished = true;
        if (batch != null) {
            endAfterBatch = true;
        } else if (split != null) {
            byte[] rest = carry;
            carry = null;
            ctx.runOnContext(v -> {
                if (rest != null) {
                    resp.write(Buffer.buffer(rest));
                }
                resp.end();
            });
        } else {
            resp.end();
        }
        if (timeline != null) {
            timeline.onDone(System.nanoTime(), 200);
        }
    }

    /** Drops the connection (RST or FIN) without finishing the stream. */
    void abortConnection(boolean rst) {
        if (finished) {
            return;
        }
        finished = true;
        cancelTimer();
        if (batch != null) {
            JsonBytes pending = batch;
            batch = null;
            if (pending.length() > 0) {
                resp.write(pending.toBuffer());
            }
        }
        if (timeline != null) {
            timeline.onCut(System.nanoTime(), Timeline.Abort.SERVER);
        }
        Runnable drop = () -> {
            if (rst) {
                Connections.reset(connection);
            } else {
                connection.close();
            }
        };
        if (split != null) {
            ctx.runOnContext(v -> drop.run());
        } else {
            drop.run();
        }
    }

    /** The client went away: stop everything quietly. */
    void dispose() {
        finished = true;
        batch = null;
        cancelTimer();
        queue.clear();
    }

    private void cancelTimer() {
        if (holdTimer >= 0) {
            core.vertx.cancelTimer(holdTimer);
            holdTimer = -1;
        }
    }

    /**
     * Split-writes test mode: the bytes (plus any carried-over tail) are cut at random offsets and each piece is
     * written in its own event-loop turn, so it leaves in its own TCP segment; with probability 1/3 the tail is
     * carried over and coalesced with the next event.
     */
    private void splitWrite(byte[] bytes) {
        byte[] all = bytes;
        if (carry != null) {
            all = new byte[carry.length + bytes.length];
            System.arraycopy(carry, 0, all, 0, carry.length);
            System.arraycopy(bytes, 0, all, carry.length, bytes.length);
            carry = null;
        }
        int pos = 0;
        while (pos < all.length) {
            int remaining = all.length - pos;
            int piece = 1 + split.nextInt(Math.min(remaining, 1 + split.nextInt(64)));
            if (pos + piece == all.length && remaining > 1 && split.nextInt(3) == 0) {
                carry = java.util.Arrays.copyOfRange(all, pos, all.length);
                return;
            }
            Buffer b = Buffer.buffer(java.util.Arrays.copyOfRange(all, pos, pos + piece));
            ctx.runOnContext(v -> {
                if (!resp.closed()) {
                    resp.write(b);
                }
            });
            pos += piece;
        }
    }
}
