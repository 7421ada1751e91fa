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
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.internal.ContextInternal;
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
    /** The event-loop context each pooled connection was opened on (and does its I/O on). */
    private final Map<HttpClientConnection, Context> homes = new ConcurrentHashMap<>();

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
     * @param closedLoop the caller keeps at most {@code poolSize} requests in flight: every waiting request gets a
     *     connection attempt ({@link ConnectionPool}'s closed-loop policy)
     */
    public Endpoint(
            Vertx vertx, Context home, int index, BaseUrl url, int poolSize, boolean closedLoop, TransportOptions o) {
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
        this.pool = new ConnectionPool<>(poolSize, o.maxConnecting(), idleNs, closedLoop, this);
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

    /** Requests that found no idle connection in the pool and waited for one (since the start). */
    public long poolWaits() {
        return pool.waited();
    }

    /** Most connection attempts that were in progress at once since the start. */
    public int connectingPeak() {
        return pool.connectingPeak();
    }

    /**
     * Opens {@code count} more connections for the pool ({@link ConnectionPool#tryConnect}: at most
     * {@link TransportOptions#maxConnecting} attempts at a time, never beyond the pool's size); they idle in the pool.
     * Runs on the caller's event loop (the connections belong to it) and completes when the attempts have ended; a
     * failed attempt is not repeated. No request is sent on them: the pool opened a TCP (and TLS) connection the
     * server accepted, the warm-up has already shown that the server answers the run's requests, and anything else
     * (the {@code GET /health} each one used to be verified with, or requests of another type taking and releasing
     * them) runs the client's hottest code with other types right before the measured test, which made the JIT
     * deoptimise it. Call with no other request running on this server.
     */
    public Future<Void> open(int count) {
        Promise<Void> done = Promise.promise();
        new Runnable() {
            private int left = count;

            @Override
            public void run() {
                boolean full = false;
                while (left > 0) {
                    if (pool.tryConnect()) {
                        left--;
                    } else {
                        full = pool.connectingCount() < pool.maxConnecting(); // at the pool's size
                        break;
                    }
                }
                if (pool.connectingCount() == 0 && (left == 0 || full)) {
                    done.complete();
                } else {
                    vertx.setTimer(1, id -> run());
                }
            }
        }.run();
        return done.future();
    }

    /** Connections the pool has opened so far. */
    public long poolOpened() {
        return pool.opened();
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
            Context home = Vertx.currentContext();
            if (home != null) {
                homes.put(c, home);
            }
            c.closeHandler(v -> {
                homes.remove(c);
                into.closed(p);
            });
            connections.incrementAndGet();
            into.connected(p, System.nanoTime() - t0);
        });
    }

    /**
     * Closes a connection on its own event loop. The pool's idle expiry runs on a timer of another context (on one
     * core, another event-loop thread): closing from there took Netty's and Vert.x's hottest methods through their
     * not-on-the-event-loop branches, which the warm-up never takes, and the JIT deoptimised them in the middle of
     * the measured window (about 30 deoptimisations, 3 s after the warm-up's last use of the connections).
     */
    @Override
    public void close(HttpClientConnection c) {
        Context home = homes.get(c);
        if (home == null || Vertx.currentContext() == home) {
            c.close();
        } else {
            home.runOnContext(v -> c.close());
        }
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
