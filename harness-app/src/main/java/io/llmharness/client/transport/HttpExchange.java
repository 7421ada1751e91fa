package io.llmharness.client.transport;

import io.llmharness.client.api.ErrorBody;
import io.llmharness.client.api.ResponseDecoder;
import io.llmharness.client.api.ResponseFormatException;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.sse.SseHandler;
import io.llmharness.client.sse.SseParser;
import io.llmharness.client.sse.StreamLimitException;
import io.netty.buffer.ByteBuf;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP request/response, run on one event loop from start to {@link ExchangeListener#done}.
 *
 * <p>Status and content type are checked before any body parsing: a 2xx {@code text/event-stream} body goes
 * through the {@link SseParser} event by event and ends at {@code data: [DONE]} (a body that ends without it is a
 * protocol error); a 2xx JSON body is collected under {@code maxBodyBytes} and decoded whole; any other status
 * collects up to {@code maxErrorBodyBytes} and becomes an {@link Outcome.HttpError} with the server's message.
 * Every early end (timeout, cancel, parse error) resets the request, which closes its connection. The connection
 * comes from the server's {@link ConnectionPool} and goes back to it when the response was read to its end.
 *
 * <p>A 2xx body on a pooled connection is read from Netty's buffers through the connection's {@link BodyTap} (no copy
 * by Vert.x); when the tap cannot be armed (the connection runs on another event loop than the exchange, or is a
 * one-off connection for a resend) the body comes through Vert.x's response handler, parsed the same way.
 */
public final class HttpExchange implements SseHandler, ConnectionPool.Waiter<HttpClientConnection>, BodyTap.Reader {

    private enum Phase {
        NEW,
        CONNECTING,
        SENDING,
        WAITING_HEADERS,
        BODY,
        /** {@code [DONE]} was read; waiting for the body's end so the connection goes back to the pool. */
        DRAINING,
        DONE
    }

    private enum Mode {
        SSE,
        JSON,
        ERROR
    }

    private static final Logger LOG = LoggerFactory.getLogger(HttpExchange.class);
    private static final byte[] NO_BYTES = new byte[0];
    private static final CharSequence X_REQUEST_ID = HttpHeaders.createOptimized("X-Request-Id");

    /** How long to wait for the body's end after {@code [DONE]} before dropping the connection. */
    private static final long DRAIN_LIMIT_NS = 200_000_000L;

    private final EventLoopState loop;
    private final Endpoint endpoint;
    private final String uri;
    private final Buffer body;
    private final boolean stream;
    private final ResponseDecoder decoder;
    private final ExchangeListener listener;
    private final TransportOptions options;
    private final String requestId;
    private final Map<String, String> ownHeaders;

    int slot = -1;
    private Phase phase = Phase.NEW;
    private Mode mode;
    private HttpClientRequest request;
    private ConnectionPool.Pooled<HttpClientConnection> lease;
    private boolean waitingForPool;
    private int attempt;
    private boolean clean;
    private boolean keepAlive = true;
    private boolean reused;
    private int retries;
    private int status;
    private long startNs;
    private long sentNs;
    private long lastReadNs;
    private long readNs;
    private long doneSeenNs;
    private SseParser sse;
    private ByteSink bytes;
    private int expectedBytes = -1;
    /** A JSON body decoded as it arrived whole, waiting for the response's end. */
    private Outcome decoded;

    private BodyTap tap;
    private boolean tapped;

    /**
     * @param uri request path (from {@link BaseUrl#path})
     * @param body JSON request body
     * @param stream whether the body asked for an SSE stream (sets the Accept header)
     * @param decoder reads the response JSON
     * @param requestId sent as {@code X-Request-Id}, or null for none
     * @param ownHeaders headers of this request only, put after the endpoint's (replacing one of the same name)
     */
    public HttpExchange(
            EventLoopState loop,
            Endpoint endpoint,
            String uri,
            Buffer body,
            boolean stream,
            ResponseDecoder decoder,
            ExchangeListener listener,
            TransportOptions options,
            String requestId,
            Map<String, String> ownHeaders) {
        this.loop = loop;
        this.ownHeaders = ownHeaders;
        this.requestId = requestId;
        this.endpoint = endpoint;
        this.uri = uri;
        this.body = body;
        this.stream = stream;
        this.decoder = decoder;
        this.listener = listener;
        this.options = options;
    }

    /** Starts the exchange. Call on the loop's context. */
    public void start() {
        startNs = System.nanoTime();
        loop.register(this);
        phase = Phase.CONNECTING;
        waitingForPool = true;
        endpoint.pool().acquire(this);
    }

    /** The pool handed this exchange a connection (on any thread): continue on the exchange's loop. */
    @Override
    public void granted(ConnectionPool.Pooled<HttpClientConnection> c) {
        if (Vertx.currentContext() == loop.context()) {
            onGranted(c);
        } else {
            loop.context().runOnContext(v -> onGranted(c));
        }
    }

    /** The exchange's event loop: the pool prefers connections opened on it. */
    @Override
    public int home() {
        return loop.index();
    }

    /** A connection attempt made for the waiting requests failed, and this one takes the failure. */
    @Override
    public void failed(Throwable cause) {
        if (Vertx.currentContext() == loop.context()) {
            onConnectFailed(cause);
        } else {
            loop.context().runOnContext(v -> onConnectFailed(cause));
        }
    }

    private void onGranted(ConnectionPool.Pooled<HttpClientConnection> c) {
        waitingForPool = false;
        if (phase == Phase.DONE) {
            endpoint.pool().release(c, true);
            return;
        }
        lease = c;
        tap = BodyTap.of(c.connection());
        int mine = ++attempt;
        c.connection().request(options()).onComplete(ar -> onRequest(mine, ar));
    }

    private void onConnectFailed(Throwable cause) {
        waitingForPool = false;
        if (phase != Phase.DONE) {
            finish(Failures.classify(cause, options), System.nanoTime());
        }
    }

    private RequestOptions options() {
        return new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setHost(endpoint.url().host())
                .setPort(endpoint.url().port())
                .setSsl(endpoint.url().ssl())
                .setURI(uri);
    }

    /** Sends the request again on a new connection of the pool without keep-alive. */
    private void resend() {
        ConnectionPool.Pooled<HttpClientConnection> l = lease;
        lease = null;
        if (l != null) {
            endpoint.pool().release(l, false);
        }
        request = null;
        tap = null;
        phase = Phase.CONNECTING;
        int mine = ++attempt;
        HttpClientAgent fresh = endpoint.freshClient();
        fresh.request(options()).onComplete(ar -> onRequest(mine, ar));
    }

    private void onRequest(int which, AsyncResult<HttpClientRequest> ar) {
        if (phase == Phase.DONE || which != attempt) {
            // finished meanwhile, or an attempt given up for a resend (its connection closed while it was queued)
            if (ar.succeeded()) {
                ar.result().reset();
            }
            return;
        }
        if (ar.failed()) {
            Throwable t = ar.cause();
            // the pool handed out a kept-alive connection the server closed at that moment: nothing was sent
            if (options.retryStaleConnection() && retries == 0 && Failures.isStaleConnection(t)) {
                retries++;
                endpoint.staleRetry();
                resend();
                return;
            }
            finish(Failures.classify(t, options), System.nanoTime());
            return;
        }
        request = ar.result();
        reused = lease != null ? lease.reused() : endpoint.markConnection(request.connection());
        listener.connected(System.nanoTime(), reused);
        request.exceptionHandler(t -> {}); // failures arrive through the response future
        request.putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        request.putHeader(HttpHeaders.ACCEPT, stream ? "text/event-stream" : "application/json");
        request.putHeader(HttpHeaders.USER_AGENT, "llm-harness");
        if (requestId != null) {
            request.putHeader(X_REQUEST_ID, requestId);
        }
        endpoint.putHeaders(request);
        ownHeaders.forEach(request::putHeader);
        request.response().onComplete(this::onResponse);
        phase = Phase.SENDING;
        request.end(body).onSuccess(v -> markSent(System.nanoTime()));
    }

    private void markSent(long now) {
        if (phase == Phase.SENDING) {
            sentNs = now;
            phase = Phase.WAITING_HEADERS;
            listener.sent(now);
        }
    }

    private void onResponse(AsyncResult<HttpClientResponse> ar) {
        if (phase == Phase.DONE) {
            return;
        }
        long now = System.nanoTime();
        if (ar.failed()) {
            Throwable t = ar.cause();
            // a pooled connection the server closed as it was reused; or one that closed before the request was
            // written (nothing sent, so resending is safe): when its close was seen before it was handed to this
            // request, it no longer counts as pooled (Endpoint.markConnection)
            boolean unsent = phase == Phase.SENDING;
            if (options.retryStaleConnection() && (reused || unsent) && retries == 0 && Failures.isStaleConnection(t)) {
                LOG.debug(
                        "request {}: {} on a {} connection, resent on a new one",
                        requestId,
                        t,
                        reused ? "reused" : "closed");
                retries++;
                endpoint.staleRetry();
                resend();
                return;
            }
            LOG.debug("request {}: {} while {} (reused {}, retries {})", requestId, t, phase, reused, retries);
            finish(Failures.classify(t, options), now);
            return;
        }
        markSent(now);
        HttpClientResponse resp = ar.result();
        resp.exceptionHandler(this::onBodyFailure);
        status = resp.statusCode();
        phase = Phase.BODY;
        lastReadNs = now;
        if (status == 429 || status == 503) {
            String retryAfter = resp.getHeader(HttpHeaders.RETRY_AFTER);
            if (retryAfter != null) {
                listener.retryAfter(retryAfter);
            }
        }
        String connection = resp.getHeader(HttpHeaders.CONNECTION);
        keepAlive = connection == null || !connection.equalsIgnoreCase("close");
        listener.responseHeaders(resp::getHeader);
        listener.headers(status, now);
        String ct = resp.getHeader(HttpHeaders.CONTENT_TYPE);
        String type = ct == null ? "" : ct.toLowerCase(Locale.ROOT);
        if (status / 100 != 2) {
            mode = Mode.ERROR;
            bytes = new ByteSink(options.maxErrorBodyBytes(), contentLength(resp));
        } else if (type.startsWith("text/event-stream")) {
            mode = Mode.SSE;
            sse = new SseParser(this, options.maxEventBytes());
        } else if (type.isEmpty() || type.contains("json")) {
            mode = Mode.JSON;
            expectedBytes = contentLength(resp);
        } else {
            abort(new Outcome.ProtocolError("unexpected content-type '" + ct + "' with status " + status));
            return;
        }
        resp.handler(this::onData);
        resp.endHandler(v -> onEnd());
        tapped = mode != Mode.ERROR && tap != null && tap.arm(this);
        if (mode != Mode.ERROR) {
            endpoint.bodyRead(tapped);
        }
    }

    /** The response's {@code Content-Length}, or -1 when it has none (or not a number). */
    private static int contentLength(HttpClientResponse resp) {
        String v = resp.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (v == null) {
            return -1;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Body bytes through Vert.x (an error body, or a connection without an armed tap). */
    private void onData(Buffer b) {
        if (phase != Phase.BODY) {
            return;
        }
        int n = b.length();
        byte[] s = loop.scratch(n);
        b.getBytes(0, n, s, 0);
        onBytes(s, 0, n, false);
    }

    /** Body bytes straight from Netty's buffer ({@link BodyTap}): read in place when it has an array. */
    @Override
    public void read(ByteBuf b, boolean last) {
        if (phase != Phase.BODY) {
            return;
        }
        int n = b.readableBytes();
        if (b.hasArray()) {
            onBytes(b.array(), b.arrayOffset() + b.readerIndex(), n, last);
        } else {
            byte[] s = loop.scratch(n);
            b.getBytes(b.readerIndex(), s, 0, n);
            onBytes(s, 0, n, last);
        }
    }

    /**
     * @param last these are the body's last bytes (only known through the tap): a JSON body that arrives whole is
     *     decoded where it lies, without collecting it
     */
    private void onBytes(byte[] buf, int off, int n, boolean last) {
        long now = System.nanoTime();
        lastReadNs = now;
        switch (mode) {
            case SSE -> {
                readNs = now;
                try {
                    sse.feed(buf, off, n);
                } catch (StreamLimitException | ResponseFormatException e) {
                    abort(new Outcome.ProtocolError(e.getMessage()));
                    return;
                } catch (RuntimeException e) {
                    abort(internalError(e));
                    return;
                }
                if (sse.isDone() && phase == Phase.BODY) {
                    phase = Phase.DRAINING;
                    doneSeenNs = now;
                }
            }
            case JSON -> {
                if (last && bytes == null && n <= options.maxBodyBytes()) {
                    decoded = decodeJson(buf, off, n, now);
                    return;
                }
                if (bytes == null) {
                    bytes = new ByteSink(options.maxBodyBytes(), expectedBytes);
                }
                if (!bytes.append(buf, off, n)) {
                    abort(new Outcome.ProtocolError(
                            new StreamLimitException("response body", "maxBodyBytes", options.maxBodyBytes())
                                    .getMessage()));
                }
            }
            case ERROR -> bytes.append(buf, off, n);
        }
    }

    /** One SSE event: hand it to the decoder. */
    @Override
    public void onData(byte[] buf, int off, int len) {
        if (phase == Phase.BODY) {
            decoder.onEvent(buf, off, len, readNs);
        }
    }

    private void onEnd() {
        clean = true;
        if (phase == Phase.DRAINING) {
            finish(Outcome.OK, doneSeenNs);
            return;
        }
        if (phase != Phase.BODY) {
            return;
        }
        long now = System.nanoTime();
        switch (mode) {
            case SSE ->
                finish(
                        new Outcome.ProtocolError(
                                "stream ended without data: [DONE] after " + sse.eventCount() + " events"),
                        now);
            case JSON -> {
                Outcome o = decoded;
                if (o == null) {
                    o = bytes == null
                            ? decodeJson(NO_BYTES, 0, 0, now)
                            : decodeJson(bytes.array(), 0, bytes.size(), now);
                }
                finish(o, now);
            }
            case ERROR -> {
                ErrorBody e = ErrorBody.parse(bytes.array(), bytes.size());
                finish(new Outcome.HttpError(status, e.message(), e.type(), false), now);
            }
        }
    }

    private Outcome decodeJson(byte[] buf, int off, int len, long now) {
        try {
            decoder.onBody(buf, off, len, now);
            return Outcome.OK;
        } catch (ResponseFormatException e) {
            return new Outcome.ProtocolError(e.getMessage());
        } catch (RuntimeException e) {
            return internalError(e);
        }
    }

    private void onBodyFailure(Throwable t) {
        if (phase == Phase.DRAINING) {
            finish(Outcome.OK, doneSeenNs);
            return;
        }
        if (phase == Phase.DONE) {
            return;
        }
        Outcome o = Failures.classify(t, options);
        if (o instanceof Outcome.TransportError te) {
            o = new Outcome.TransportError(te.message() + " while reading the response", false);
        }
        abort(o);
    }

    /** A bug on our side while handling a response: fail this request, keep the run going, log the trace. */
    private static Outcome internalError(RuntimeException e) {
        LOG.error("client error while reading a response", e);
        return new Outcome.ProtocolError("client error while reading the response: " + e);
    }

    void checkTimeouts(long now) {
        if (phase == Phase.CONNECTING && request == null && lease != null && lease.isClosed()) {
            // the pooled connection closed before the request could start on it (Vert.x keeps such a request queued
            // on the closed connection): nothing was sent, so it is a stale connection like any other
            onRequest(
                    attempt,
                    Future.failedFuture(new HttpClosedException("connection closed before the request was sent")));
            return;
        }
        long total = options.totalTimeoutMs();
        if (total > 0 && now - startNs > total * 1_000_000L) {
            abort(new Outcome.Timeout(TimeoutPhase.TOTAL, total));
        } else if (phase == Phase.WAITING_HEADERS && now - sentNs > options.headersTimeoutMs() * 1_000_000L) {
            abort(new Outcome.Timeout(TimeoutPhase.HEADERS, options.headersTimeoutMs()));
        } else if (phase == Phase.BODY && now - lastReadNs > options.idleTimeoutMs() * 1_000_000L) {
            abort(new Outcome.Timeout(TimeoutPhase.IDLE, options.idleTimeoutMs()));
        } else if (phase == Phase.DRAINING && now - doneSeenNs > DRAIN_LIMIT_NS) {
            // the server keeps the body open after [DONE]: the answer is complete, drop the connection
            HttpClientRequest r = request;
            finish(Outcome.OK, doneSeenNs);
            r.reset();
        }
    }

    /**
     * Since when the server has said nothing to this exchange: when the request was sent while it waits for the
     * headers, when bytes were last read while it reads the body; -1 while it connects or sends. For the silence scan
     * ({@link EventLoopState#silence}), not the hot path. Call on the loop's context.
     */
    long silentSinceNs() {
        return switch (phase) {
            case WAITING_HEADERS -> sentNs;
            case BODY -> lastReadNs;
            default -> -1;
        };
    }

    /** When the request was sent (0 before). Call on the loop's context. */
    long sentNs() {
        return sentNs;
    }

    /** The server this exchange talks to. */
    Endpoint endpoint() {
        return endpoint;
    }

    /** Ends the exchange early with this outcome and closes its connection. Call on the loop's context. */
    public void abort(Outcome outcome) {
        if (phase == Phase.DONE) {
            return;
        }
        HttpClientRequest r = request;
        if (phase == Phase.DRAINING) {
            finish(Outcome.OK, doneSeenNs);
        } else {
            finish(outcome, System.nanoTime());
        }
        if (r != null) {
            r.reset();
        }
    }

    private void finish(Outcome outcome, long now) {
        if (phase == Phase.DONE) {
            return;
        }
        phase = Phase.DONE;
        loop.unregister(this);
        if (tapped) {
            tapped = false;
            tap.disarm(this);
        }
        if (waitingForPool && endpoint.pool().cancel(this)) {
            waitingForPool = false;
        }
        ConnectionPool.Pooled<HttpClientConnection> l = lease;
        lease = null;
        if (l != null) {
            // a connection whose response was not read to its end (reset, failure, timeout) is closed, not reused.
            // Released before the listener hears of the end: a closed loop sends its next request from there, and
            // that request must find this connection idle, not open another one (another event loop may run it
            // while this one is descheduled)
            endpoint.pool().release(l, clean && keepAlive);
        }
        listener.done(outcome, status, retries, now);
    }
}
