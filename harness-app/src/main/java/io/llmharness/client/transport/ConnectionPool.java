package io.llmharness.client.transport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The keep-alive connections to one server and the requests waiting for one: when to reuse, when to wait and when
 * to open a new connection. Thread-safe (one short lock; callbacks run outside it). The policy, in the order a
 * request meets it:
 *
 * <ol>
 *   <li>An idle connection is taken at once, the one that answered last first (LIFO), so the connections beyond
 *       the run's need stay idle and expire.
 *   <li>Otherwise the request queues (FIFO); every connection that frees up or finishes connecting goes straight to
 *       the oldest waiting request.
 *   <li>A new connection is opened only for the waiting requests that neither a connection being opened nor a busy
 *       connection is expected to serve within one connect time; and never while {@code maxConnecting}
 *       attempts are in progress, or when open + connecting would exceed {@code maxSize}. "Expected to serve": the
 *       recent connect time over the recent interval between releases (moving averages), or none once the oldest
 *       waiting request has waited longer than that should take (a stalled server; {@link #recheck} looks
 *       periodically). A <em>closed-loop</em> pool ({@link #closedLoop}) skips that estimate: every waiting request
 *       beyond the connections being opened gets an attempt (still at most {@code maxConnecting} at a time).
 * </ol>
 *
 * <p>Why a closed loop differs: when the caller keeps at most {@code maxSize} requests in flight and sends the next
 * one as each ends (an Offline run, {@code --max-in-flight} = the pool size), every release is taken by a request
 * that was already waiting and another one joins the queue at once. The queue never drains, so "the busy
 * connections will serve them" holds for each waiter and for none of the queue: the estimate would keep about
 * connect time / release interval requests waiting for a socket for the whole run. There the pool cannot grow
 * beyond the caller's own cap, so a storm is impossible and opening is always right.
 *
 * <p>So a burst, a cold start or a server stall no longer opens one connection per waiting request: set-up work is
 * bounded at any moment, and when requests come back faster than a connection can be opened they simply reuse
 * the ones that free up. A failed connection attempt fails the oldest waiting request with its cause (a server
 * that refuses connections still fails each request it gets, as before). Connections idle for {@code idleNs} are
 * closed by {@link #expire}, kept below common servers' keep-alive timeouts so the client closes first.
 *
 * @param <C> the connection type (a Vert.x connection in production, anything in tests)
 */
public final class ConnectionPool<C> {

    /** Opens and closes connections for the pool; called outside its lock. */
    public interface Connector<C> {
        /** Starts opening a connection; must end with exactly one {@link #connected} or {@link #connectFailed}. */
        void connect(ConnectionPool<C> pool);

        /** Closes a connection the pool no longer keeps. */
        void close(C connection);
    }

    /** A request waiting for a connection. Called outside the pool's lock, on any thread. */
    public interface Waiter<C> {
        /** The request now holds this connection and must {@link #release} it exactly once. */
        void granted(Pooled<C> connection);

        /** A connection attempt made for the waiting requests failed; this one fails with its cause. */
        void failed(Throwable cause);
    }

    /** A connection held by the pool, and when it was last released. */
    public static final class Pooled<C> {
        private final C connection;
        private long idleSinceNs;
        private long uses;
        private volatile boolean closed;
        private boolean idle;

        Pooled(C connection) {
            this.connection = connection;
        }

        /** The connection. */
        public C connection() {
            return connection;
        }

        /** Whether the connection closed (seen by the pool: its close handler, or the pool closed it). */
        public boolean isClosed() {
            return closed;
        }

        /**
         * Whether it served a request before the current one or idled in the pool before it (a kept-alive connection,
         * which may be stale: the server may have closed it meanwhile).
         */
        public boolean reused() {
            return uses > 1;
        }
    }

    private final int maxSize;
    private final int maxConnecting;
    private final long idleNs;
    private final boolean closedLoop;
    private final Connector<C> connector;
    private final LongSupplier clock;
    private final ArrayDeque<Pooled<C>> idle = new ArrayDeque<>();
    private final ArrayDeque<Waiting<C>> waiters = new ArrayDeque<>();
    private int busy;
    private int connecting;
    private int connectingPeak;
    private long opened;
    private long waitedCount;
    private long lastReleaseNs;
    private double releaseIntervalNs = -1;
    private double connectNs = -1;

    /**
     * @param maxSize most connections, open or being opened (the connection cap)
     * @param maxConnecting most connection attempts in progress at once
     * @param idleNs idle connections older than this are closed by {@link #expire}
     */
    public ConnectionPool(int maxSize, int maxConnecting, long idleNs, Connector<C> connector) {
        this(maxSize, maxConnecting, idleNs, false, connector, System::nanoTime);
    }

    /**
     * As above.
     *
     * @param closedLoop the caller keeps at most {@code maxSize} requests in flight (a closed loop whose in-flight cap
     *     is this pool's size): every waiting request gets a connection attempt, without waiting for busy ones
     */
    public ConnectionPool(int maxSize, int maxConnecting, long idleNs, boolean closedLoop, Connector<C> connector) {
        this(maxSize, maxConnecting, idleNs, closedLoop, connector, System::nanoTime);
    }

    /** As above, with a clock in nanoseconds (tests). */
    ConnectionPool(
            int maxSize,
            int maxConnecting,
            long idleNs,
            boolean closedLoop,
            Connector<C> connector,
            LongSupplier clock) {
        this.clock = clock;
        this.closedLoop = closedLoop;
        if (maxSize < 1 || maxConnecting < 1 || idleNs <= 0) {
            throw new IllegalArgumentException("maxSize, maxConnecting and idleNs must be >= 1");
        }
        this.maxSize = maxSize;
        this.maxConnecting = maxConnecting;
        this.idleNs = idleNs;
        this.connector = connector;
    }

    /** Hands {@code w} a connection now, or once one frees up or is opened for it. */
    public void acquire(Waiter<C> w) {
        Pooled<C> c;
        int open;
        synchronized (this) {
            c = idle.pollFirst();
            if (c != null) {
                c.idle = false;
                c.uses++;
                busy++;
                open = 0;
            } else {
                long now = clock.getAsLong();
                waitedCount++;
                waiters.addLast(new Waiting<>(w, now));
                open = planConnects(now);
            }
        }
        if (c != null) {
            w.granted(c);
        }
        startConnects(open);
    }

    /**
     * Gives a connection back. A reusable one goes to the oldest waiting request, or idles; any other is closed.
     *
     * @param reusable the exchange on it ended cleanly (response read to its end, no {@code Connection: close})
     */
    public void release(Pooled<C> c, boolean reusable) {
        long now = clock.getAsLong();
        Waiter<C> next = null;
        boolean close;
        int open;
        synchronized (this) {
            busy--;
            close = !reusable || c.closed;
            if (close) {
                c.closed = true;
            } else {
                noteRelease(now);
                next = handOver(c, now);
            }
            open = planConnects(now);
        }
        if (close) {
            connector.close(c.connection);
        }
        if (next != null) {
            next.granted(c);
        }
        startConnects(open);
    }

    /** Wraps a newly opened connection, before {@link #connected} (so a close handler can name it). */
    public static <C> Pooled<C> wrap(C connection) {
        return new Pooled<>(connection);
    }

    /**
     * A connection attempt succeeded after {@code tookNs}: the connection serves the oldest waiter or idles.
     *
     * @param c from {@link #wrap}
     */
    public void connected(Pooled<C> c, long tookNs) {
        long now = clock.getAsLong();
        Waiter<C> next = null;
        int open;
        synchronized (this) {
            connecting--;
            opened++;
            connectNs = connectNs < 0 ? tookNs : connectNs + (tookNs - connectNs) / 8;
            if (!c.closed) {
                next = handOver(c, now);
            }
            open = planConnects(now);
        }
        if (next != null) {
            next.granted(c);
        }
        startConnects(open);
    }

    /** A connection attempt failed: the oldest waiting request fails with its cause. */
    public void connectFailed(Throwable cause) {
        Waiter<C> w;
        int open;
        synchronized (this) {
            connecting--;
            w = pollWaiter();
            open = planConnects(clock.getAsLong());
        }
        if (w != null) {
            w.failed(cause);
        }
        startConnects(open);
    }

    /**
     * A waiting request gave up (cancelled, timed out) before it got a connection.
     *
     * @return false when it was no longer waiting: a connection is on its way to it and must be released
     */
    public boolean cancel(Waiter<C> w) {
        synchronized (this) {
            return waiters.removeIf(x -> x.waiter() == w);
        }
    }

    /**
     * Looks again at the waiting requests (call periodically): a server that stopped answering while requests wait
     * and none arrives or leaves is noticed here.
     */
    public void recheck() {
        int open;
        synchronized (this) {
            open = waiters.isEmpty() ? 0 : planConnects(clock.getAsLong());
        }
        startConnects(open);
    }

    /** A pooled connection closed (by the server, or by the pool): it leaves the idle list. */
    public void closed(Pooled<C> c) {
        int open;
        synchronized (this) {
            if (c.closed && !c.idle) {
                return;
            }
            c.closed = true;
            if (c.idle) {
                c.idle = false;
                idle.remove(c);
            }
            open = planConnects(clock.getAsLong());
        }
        startConnects(open);
    }

    /** Closes the idle connections unused for the idle time; call periodically. */
    public void expire(long nowNs) {
        expire(nowNs, false);
    }

    private void expire(long nowNs, boolean all) {
        List<Pooled<C>> old = new ArrayList<>();
        synchronized (this) {
            Iterator<Pooled<C>> it = idle.descendingIterator();
            while (it.hasNext()) {
                Pooled<C> c = it.next();
                if (!all && nowNs - c.idleSinceNs < idleNs) {
                    break;
                }
                it.remove();
                c.idle = false;
                c.closed = true;
                old.add(c);
            }
        }
        for (Pooled<C> c : old) {
            connector.close(c.connection);
        }
    }

    /** Connections open: idle and in use. */
    public synchronized int openCount() {
        return idle.size() + busy;
    }

    /** Idle connections. */
    public synchronized int idleCount() {
        return idle.size();
    }

    /** Connection attempts in progress. */
    public synchronized int connectingCount() {
        return connecting;
    }

    /** Most connection attempts that were in progress at once. */
    public synchronized int connectingPeak() {
        return connectingPeak;
    }

    /** Requests waiting for a connection. */
    public synchronized int waiting() {
        return waiters.size();
    }

    /** Connections opened so far. */
    public synchronized long opened() {
        return opened;
    }

    /** Whether every waiting request gets a connection attempt (see the class comment). */
    public boolean closedLoop() {
        return closedLoop;
    }

    /** Requests that found no idle connection and waited for one. */
    public synchronized long waited() {
        return waitedCount;
    }

    /** Most connection attempts in progress at once. */
    public int maxConnecting() {
        return maxConnecting;
    }

    /** Closes every idle connection (the pool is being shut down). */
    public void closeIdle() {
        expire(0, true);
    }

    /**
     * Starts a connection attempt outside {@link #acquire} (filling the pool), counted against the bounds; the
     * connection idles when no request waits for it.
     *
     * @return false when the bounds allow no attempt now
     */
    public boolean tryConnect() {
        synchronized (this) {
            if (connecting >= maxConnecting || openCount() + connecting >= maxSize) {
                return false;
            }
            connecting++;
            connectingPeak = Math.max(connectingPeak, connecting);
        }
        connector.connect(this);
        return true;
    }

    /** A request waiting for a connection, and since when. */
    private record Waiting<C>(Waiter<C> waiter, long sinceNs) {}

    // ---- under the lock

    private Waiter<C> pollWaiter() {
        Waiting<C> x = waiters.pollFirst();
        return x == null ? null : x.waiter();
    }

    private Waiter<C> handOver(Pooled<C> c, long now) {
        Waiter<C> next = pollWaiter();
        if (next != null) {
            c.uses++;
            busy++;
            return next;
        }
        c.idle = true;
        c.idleSinceNs = now;
        c.uses = Math.max(c.uses, 1); // one opened to fill the pool idles before its first request: kept alive too
        idle.addFirst(c);
        return null;
    }

    private void noteRelease(long now) {
        if (lastReleaseNs != 0) {
            double gap = now - lastReleaseNs;
            releaseIntervalNs = releaseIntervalNs < 0 ? gap : releaseIntervalNs + (gap - releaseIntervalNs) / 8;
        }
        lastReleaseNs = now;
    }

    /**
     * Waiting requests the busy connections are expected to serve within one connect time: the connect time over
     * the recent interval between releases (a connection that frees up serves the next waiter and may free up again
     * within that time). None when the oldest waiting request has already waited longer than two such intervals and
     * one connect time: the busy connections are not freeing up (a stalled server), so waiting longer gains nothing.
     * The oldest waiter's wait, not the time since the last release, tells a stall: after a pause of the client's own
     * (GC, a descheduled process) requests and releases arrive together, and the releases serve the requests.
     */
    private int expectedFrees(long now) {
        if (closedLoop || busy == 0 || releaseIntervalNs <= 0 || connectNs <= 0 || waiters.isEmpty()) {
            return 0;
        }
        long oldestWait = now - waiters.peekFirst().sinceNs();
        if (oldestWait > Math.max(2 * releaseIntervalNs, connectNs)) {
            return 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, connectNs / releaseIntervalNs);
    }

    /** How many connection attempts to start now for the waiting requests (already counted as in progress). */
    private int planConnects(long now) {
        int unserved = waiters.size() - connecting - expectedFrees(now);
        int n = Math.min(unserved, Math.min(maxConnecting - connecting, maxSize - openCount() - connecting));
        if (n <= 0) {
            return 0;
        }
        connecting += n;
        connectingPeak = Math.max(connectingPeak, connecting);
        return n;
    }

    private void startConnects(int n) {
        for (int i = 0; i < n; i++) {
            connector.connect(this);
        }
    }
}
