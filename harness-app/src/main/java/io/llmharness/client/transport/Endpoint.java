package io.llmharness.client.transport;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.internal.ContextInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One server: its URL, its keep-alive connection pool and its counters. Thread-safe.
 *
 * <p>The pool ({@link ConnectionPool}) speaks plain HTTP/1.1 (no h2c upgrade, no pipelining, no compression) and
 * holds up to {@code poolSize} connections: the connection cap, never more than the client's in-flight cap. A
 * dispatched request takes an idle connection, or waits for the next one that frees up or is opened for it; the pool
 * opens connections only for waiting requests no busy connection will serve soon, at most
 * {@link TransportOptions#maxConnecting} at a time. The wait shows as {@code connected − dispatched} in the
 * record. {@link #open} fills the pool before a run. A second pool without keep-alive (Vert.x's) is created on first
 * need, for resending a request whose pooled connection was stale.
 */
public final class Endpoint implements ConnectionPool.Connector<HttpClientConnection> {

    private final int index;
    private final BaseUrl url;
    private final Vertx vertx;
    private final HttpClientOptions clientOptions;
    private final int poolSize;
    private final HttpClientAgent client;
    private final CharSequence[] headerNames;
    private final CharSequence[] headerValues;
    private volatile HttpClientAgent freshClient;
    private final ConnectionPool<HttpClientConnection> pool;
    private final HttpConnectOptions connectOptions;
    private final long expiryTimer;
    private final Context home;

    private final Set<HttpConnection> known = ConcurrentHashMap.newKeySet();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong staleRetries = new AtomicLong();
    private final AtomicLong overloadRetries = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile boolean everSucceeded;

    /**
     * @param home the event-loop context of the client that runs the pool's timer, and opens the connections asked
     *     for off any Vert.x thread: a connection lives on the loop that opened it, and one opened by a timer on
     *     some other loop would make every response on it change threads (and could not be read in place, see
     *     {@link BodyTap})
     * @param index position in the client's endpoint list
     * @param poolSize most connections kept open to this server
     */
    public Endpoint(Vertx vertx, Context home, int index, BaseUrl url, int poolSize, TransportOptions o) {
        this.vertx = vertx;
        this.home = home;
        this.index = index;
        this.url = url;
        this.poolSize = poolSize;
        this.clientOptions = new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_1_1)
                .setHttp2ClearTextUpgrade(false)
                .setPipelining(false)
                .setKeepAlive(true)
                .setKeepAliveTimeout(o.poolIdleSeconds())
                .setDecompressionSupported(false)
                .setTcpNoDelay(true)
                .setConnectTimeout(o.connectTimeoutMs())
                .setSsl(url.ssl())
                .setDefaultHost(url.host())
                .setDefaultPort(url.port())
                .setName("llm-harness-" + index);
        if (url.ssl()) {
            o.tls().applyTo(clientOptions);
        }
        this.client = vertx.createHttpClient(clientOptions, freshPool());
        this.connectOptions = new HttpConnectOptions()
                .setHost(url.host())
                .setPort(url.port())
                .setSsl(url.ssl())
                .setConnectTimeout(o.connectTimeoutMs());
        long idleNs = o.poolIdleSeconds() * 1_000_000_000L;
        this.pool = new ConnectionPool<>(poolSize, o.maxConnecting(), idleNs, this);
        // every 50 ms: expire idle connections, and look at waiting requests a stalled server leaves unserved
        this.expiryTimer = ((ContextInternal) home).setPeriodic(50, id -> {
            pool.expire(System.nanoTime());
            pool.recheck();
        });
        Map<String, String> headers = o.requestHeaders();
        this.headerNames = new CharSequence[headers.size()];
        this.headerValues = new CharSequence[headers.size()];
        int i = 0;
        for (Map.Entry<String, String> h : headers.entrySet()) {
            headerNames[i] = HttpHeaders.createOptimized(h.getKey());
            headerValues[i++] = HttpHeaders.createOptimized(h.getValue());
        }
    }

    /**
     * Adds the extra headers and the {@code Authorization} header to a request: arrays built once, so sending
     * them allocates nothing.
     */
    void putHeaders(HttpClientRequest request) {
        for (int i = 0; i < headerNames.length; i++) {
            request.putHeader(headerNames[i], headerValues[i]);
        }
    }

    private PoolOptions freshPool() {
        return new PoolOptions().setHttp1MaxSize(poolSize).setMaxWaitQueueSize(-1);
    }

    /** Position in the client's endpoint list. */
    public int index() {
        return index;
    }

    /** The server's base URL. */
    public BaseUrl url() {
        return url;
    }

    /** A pool without keep-alive: every request gets a new connection. */
    HttpClientAgent freshClient() {
        HttpClientAgent c = freshClient;
        if (c == null) {
            synchronized (this) {
                c = freshClient;
                if (c == null) {
                    c = vertx.createHttpClient(new HttpClientOptions(clientOptions).setKeepAlive(false), freshPool());
                    freshClient = c;
                }
            }
        }
        return c;
    }

    /** Most connections this server's pool holds. */
    public int poolSize() {
        return poolSize;
    }

    /** Connections open now (in use or idle in the pool, and one-off ones for resent requests). */
    public int openConnections() {
        return pool.openCount() + known.size();
    }

    /** Most connection attempts that were in progress at once since the start. */
    public int connectingPeak() {
        return pool.connectingPeak();
    }

    /**
     * Opens {@code count} more connections (at most {@link TransportOptions#maxConnecting} attempts at a time) and
     * verifies each with a {@code GET /health} (any HTTP answer proves the connection works); afterwards they wait
     * idle in the pool. Each check holds its connection until all are obtained, so the pool has to open {@code count}
     * distinct ones (up to its size). Call on an event loop, with no other request running on this server.
     *
     * @return how many connections answered
     */
    public Future<Integer> open(int count, long timeoutMs) {
        RequestOptions ro = new RequestOptions()
                .setMethod(HttpMethod.GET)
                .setHost(url.host())
                .setPort(url.port())
                .setSsl(url.ssl())
                .setURI("/health")
                .setIdleTimeout(timeoutMs);
        for (int i = 0; i < headerNames.length; i++) {
            ro.putHeader(headerNames[i], headerValues[i]);
        }
        List<Promise<ConnectionPool.Pooled<HttpClientConnection>>> held = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Promise<ConnectionPool.Pooled<HttpClientConnection>> p = Promise.promise();
            held.add(p);
            pool.acquire(new ConnectionPool.Waiter<>() {
                @Override
                public void granted(ConnectionPool.Pooled<HttpClientConnection> c) {
                    p.complete(c);
                }

                @Override
                public void failed(Throwable cause) {
                    p.fail(cause);
                }
            });
        }
        return Future.join(held.stream().map(Promise::future).toList()).transform(all -> {
            List<Future<Integer>> answers = new ArrayList<>(count);
            for (Promise<ConnectionPool.Pooled<HttpClientConnection>> p : held) {
                if (p.future().succeeded()) {
                    ConnectionPool.Pooled<HttpClientConnection> c = p.future().result();
                    answers.add(c.connection()
                            .request(ro)
                            .compose(r -> r.send())
                            .compose(resp -> resp.body())
                            .transform(ar -> {
                                pool.release(c, ar.succeeded());
                                return Future.succeededFuture(ar.succeeded() ? 1 : 0);
                            }));
                }
            }
            return Future.join(answers)
                    .map(v -> answers.stream()
                            .mapToInt(a -> a.result() == null ? 0 : a.result())
                            .sum());
        });
    }

    /** This server's keep-alive pool. */
    ConnectionPool<HttpClientConnection> pool() {
        return pool;
    }

    /**
     * Opens a connection for the pool (a {@link ConnectionPool.Connector} call): on the caller's context, or the home
     * context when called off Vert.x's threads.
     */
    @Override
    public void connect(ConnectionPool<HttpClientConnection> into) {
        if (Vertx.currentContext() == null) {
            home.runOnContext(v -> connect(into));
            return;
        }
        long t0 = System.nanoTime();
        client.connect(connectOptions).onComplete(ar -> {
            if (ar.failed()) {
                into.connectFailed(ar.cause());
                return;
            }
            HttpClientConnection c = ar.result();
            BodyTap.install(c);
            ConnectionPool.Pooled<HttpClientConnection> p = ConnectionPool.wrap(c);
            c.closeHandler(v -> into.closed(p));
            connections.incrementAndGet();
            into.connected(p, System.nanoTime() - t0);
        });
    }

    @Override
    public void close(HttpClientConnection c) {
        c.close();
    }

    /** Notes a connection handed to a request; returns true when it was used before (came from the pool). */
    boolean markConnection(HttpConnection c) {
        if (known.add(c)) {
            connections.incrementAndGet();
            c.closeHandler(v -> known.remove(c));
            return false;
        }
        return true;
    }

    /**
     * A request to this server started.
     *
     * @return its place in the order requests were started on this server: 0, 1, 2, … (never reset)
     */
    public long begin() {
        requests.incrementAndGet();
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        return sequence.getAndIncrement();
    }

    /** A request to this server ended. */
    public void end(boolean ok) {
        inFlight.decrementAndGet();
        if (ok) {
            everSucceeded = true;
        } else {
            failures.incrementAndGet();
        }
    }

    void staleRetry() {
        staleRetries.incrementAndGet();
    }

    /** A 429/503 answer from this server will be retried. */
    public void overloadRetry() {
        overloadRetries.incrementAndGet();
    }

    /** Requests in progress now (for least-outstanding balancing). */
    public int inFlight() {
        return inFlight.get();
    }

    /** Whether any request to this server has succeeded. */
    public boolean everSucceeded() {
        return everSucceeded;
    }

    /** Zeroes the counters (not the open connections); call when no request is running. */
    public void resetCounters() {
        requests.set(0);
        failures.set(0);
        connections.set(0);
        staleRetries.set(0);
        overloadRetries.set(0);
        maxInFlight.set(inFlight.get());
    }

    /** Current counters. */
    public EndpointStats stats() {
        return new EndpointStats(
                url.display(),
                requests.get(),
                failures.get(),
                inFlight.get(),
                maxInFlight.get(),
                connections.get(),
                staleRetries.get(),
                overloadRetries.get());
    }

    /** Closes both pools. */
    public Future<Void> close() {
        vertx.cancelTimer(expiryTimer);
        pool.closeIdle();
        HttpClientAgent f = freshClient;
        return f == null
                ? client.close()
                : Future.join(client.close(), f.close()).mapEmpty();
    }
}
