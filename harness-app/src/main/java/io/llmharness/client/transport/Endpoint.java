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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * One server: its URL, its keep-alive connection pool and its counters. Thread-safe.
 *
 * <p>The pool ({@link ConnectionPool}) speaks plain HTTP/1.1 (no h2c upgrade, no pipelining, no compression) and
 * holds up to {@code poolSize} connections: the connection cap, never more than the client's in-flight cap. A
 * dispatched request takes an idle connection, or waits for the next one that frees up or is opened for it; the pool
 * opens connections only for waiting requests no busy connection will serve soon, at most
 * {@link TransportOptions#maxConnecting} at a time. The wait shows as {@code connected − dispatched} in the
 * record. Each connection is opened on, and preferably leased to requests of, one of the client's event loops (see
 * the pool's "Homes"). {@link #open} fills the pool before a run. A second pool without keep-alive (Vert.x's) is created on first
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
    private final List<Context> loops;

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
    private final LongAdder tappedBodies = new LongAdder();
    private final LongAdder untappedBodies = new LongAdder();
    private volatile boolean everSucceeded;

    /**
     * @param loops the client's event-loop contexts, in the order of {@link EventLoopState#index}: the pool's homes.
     *     A connection is opened on the loop of the request it is opened for (or of the caller of {@link #open}) and
     *     lives there: one opened by a timer on some other loop would make every response on it change threads (and
     *     could not be read in place, see {@link BodyTap}). The first one runs the pool's timer.
     * @param index position in the client's endpoint list
     * @param poolSize most connections kept open to this server
     * @param closedLoop the caller keeps at most {@code poolSize} requests in flight: every waiting request gets a
     *     connection attempt ({@link ConnectionPool}'s closed-loop policy)
     */
    public Endpoint(
            Vertx vertx,
            List<Context> loops,
            int index,
            BaseUrl url,
            int poolSize,
            boolean closedLoop,
            TransportOptions o) {
        this.vertx = vertx;
        this.loops = List.copyOf(loops);
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
        this.pool = new ConnectionPool<>(poolSize, o.maxConnecting(), idleNs, closedLoop, this.loops.size(), this);
        // every 50 ms: expire idle connections, and look at waiting requests a stalled server leaves unserved
        this.expiryTimer = ((ContextInternal) this.loops.get(0)).setPeriodic(50, id -> {
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
        int home = Math.max(0, loops.indexOf(Vertx.currentContext()));
        new Runnable() {
            private int left = count;

            @Override
            public void run() {
                boolean full = false;
                while (left > 0) {
                    if (pool.tryConnect(home)) {
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

    /** Pooled connections open on the event loop {@code home} (idle or in use). */
    public int openOn(int home) {
        return pool.openCount(home);
    }

    /** Connections the pool handed to requests since the start. */
    public long leases() {
        return pool.leases();
    }

    /**
     * Of {@link #leases}, those to a request on another event loop than the connection's, since the start: each of
     * them changes threads for every event and reads its body through Vert.x's copy (see the pool's "Homes").
     */
    public long foreignLeases() {
        return pool.foreignLeases();
    }

    /** 2xx response bodies read in place through the connection's {@link BodyTap}, since the start. */
    public long tappedBodies() {
        return tappedBodies.sum();
    }

    /**
     * 2xx response bodies read through Vert.x's copy of each chunk (a request on another loop than its connection's,
     * or a one-off connection for a resend), since the start.
     */
    public long untappedBodies() {
        return untappedBodies.sum();
    }

    /** A 2xx response body is about to be read: in place ({@code tapped}) or through Vert.x. */
    void bodyRead(boolean tapped) {
        (tapped ? tappedBodies : untappedBodies).increment();
    }

    /** This server's keep-alive pool. */
    ConnectionPool<HttpClientConnection> pool() {
        return pool;
    }

    /**
     * Opens a connection for the pool (a {@link ConnectionPool.Connector} call) on the event loop {@code home}: at
     * once when called on it, else handed to it.
     */
    @Override
    public void connect(ConnectionPool<HttpClientConnection> into, int home) {
        Context at = loops.get(home);
        if (Vertx.currentContext() != at) {
            at.runOnContext(v -> connect(into, home));
            return;
        }
        long t0 = System.nanoTime();
        client.connect(connectOptions).onComplete(ar -> {
            if (ar.failed()) {
                into.connectFailed(home, ar.cause());
                return;
            }
            HttpClientConnection c = ar.result();
            BodyTap.install(c);
            ConnectionPool.Pooled<HttpClientConnection> p = ConnectionPool.wrap(c, home);
            homes.put(c, at);
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
