package io.llmharness.client.transport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.LongSupplier;

/**
 * The keep-alive connections to one server and the requests waiting for one: when to reuse, when to wait and when
 * to open a new connection. Thread-safe (one short lock; callbacks run outside it). The policy, in the order a
 * request meets it:
 *
 * <ol>
 *   <li>An idle connection is taken at once, the one that answered last first (LIFO), so the connections beyond
 *       the run's need stay idle and expire (one of the request's own event loop first, see Homes below).
 *   <li>Otherwise the request queues (FIFO per event loop); every connection that frees up or finishes connecting
 *       goes straight to the oldest waiting request of its event loop (see Homes below for the bound on that).
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
 * the ones that free up. A failed connection attempt fails the oldest waiting request (of its event loop) with its
 * cause (a server
 * that refuses connections still fails each request it gets, as before). Connections idle for {@code idleNs} are
 * closed by {@link #expire}, kept below common servers' keep-alive timeouts so the client closes first.
 *
 * <p><b>Homes.</b> A connection lives on the event loop that opened it (its <em>home</em>, {@code 0 ..
 * homes-1}); a request runs on its own loop ({@link Waiter#home}). A request on another loop than its connection's
 * pays a thread hand-off for every event and cannot read its body in place ({@link BodyTap} only works on the
 * connection's loop: Vert.x then copies each body chunk, about 28 KB per streamed 100-token answer). So the idle
 * connections are kept per home, each list most recently used first, and:
 *
 * <ul>
 *   <li>a request takes its own home's most recently used idle connection;
 *   <li>when its home has none idle but another home has, it <em>borrows</em> at once (the most recently used one of
 *       the home with the most idle connections) rather than waiting for one of its own or opening one: a request
 *       never waits while a connection sits idle, since that wait is client time inside the measured latency (and,
 *       at the cap, opening is impossible), whereas a borrowed connection costs a few microseconds of CPU. The client
 *       spreads requests over its loops by their load ({@code LlmClient}), so each loop's requests match its
 *       connections and borrowing stays rare;
 *   <li>a new connection for waiting requests is opened on the home with the most waiting requests not yet covered
 *       by attempts in progress;
 *   <li>a connection that frees up or finishes connecting goes to the oldest waiting request of its own home, or
 *       of all homes when its home has none waiting (a failed attempt fails a waiting request chosen the same way).
 *       Strict FIFO over all homes handed about half the released connections to another loop's request with two
 *       loops whenever requests waited for busy connections (an unprepared pool below its cap). The order across
 *       homes is bounded: once the oldest waiting request of all has waited twice as long as strict FIFO would have
 *       made it wait (the waiting requests times the release interval; at least the stall bound below), the next
 *       connection goes to it whatever its home. With the loops balanced each loop's own FIFO waits about as long.
 * </ul>
 *
 * <p>The bounds ({@code maxSize}, {@code maxConnecting}), the estimate and idle expiry count all homes together; a
 * home's surplus connections idle at the end of its list and expire. {@link #foreignLeases} counts the leases of a
 * connection to a request of another home.
 *
 * @param <C> the connection type (a Vert.x connection in production, anything in tests)
 */
public final class ConnectionPool<C> {

    /** Opens and closes connections for the pool; called outside its lock. */
    public interface Connector<C> {
        /**
         * Starts opening a connection on the event loop {@code home}; must end with exactly one {@link #connected}
         * (with a connection {@link #wrap wrapped} with that home) or {@link #connectFailed} (with that home).
         */
        void connect(ConnectionPool<C> pool, int home);

        /** Closes a connection the pool no longer keeps. */
        void close(C connection);
    }

    /** A request waiting for a connection. Called outside the pool's lock, on any thread. */
    public interface Waiter<C> {
        /** The request now holds this connection and must {@link #release} it exactly once. */
        void granted(Pooled<C> connection);

        /** A connection attempt made for the waiting requests failed; this one fails with its cause. */
        void failed(Throwable cause);

        /** The event loop the request runs on ({@code 0 .. homes-1}), whose connections it prefers. */
        default int home() {
            return 0;
        }
    }

    /** A connection held by the pool, and when it was last released. */
    public static final class Pooled<C> {
        private final C connection;
        private final int home;
        private long idleSinceNs;
        private long uses;
        private volatile boolean closed;
        private boolean idle;

        Pooled(C connection, int home) {
            this.connection = connection;
            this.home = home;
        }

        /** The event loop the connection was opened on and does its I/O on. */
        public int home() {
            return home;
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
    private final int homes;
    /** Per home: the idle connections, most recently released first. */
    private final ArrayDeque<Pooled<C>>[] idle;
    /** Per home: the waiting requests, oldest first ({@link Waiting#seq} orders them across homes). */
    private final ArrayDeque<Waiting<C>>[] waiters;

    private final int[] connectingAt;
    /** Per home: open connections (idle and busy); written under the lock, read without it. */
    private final AtomicIntegerArray openAt;

    private int idleTotal;
    private int waitingTotal;
    private long waiterSeq;

    private long leases;
    private long foreignLeases;
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
        this(maxSize, maxConnecting, idleNs, false, 1, connector, System::nanoTime);
    }

    /**
     * As above.
     *
     * @param closedLoop the caller keeps at most {@code maxSize} requests in flight (a closed loop whose in-flight cap
     *     is this pool's size): every waiting request gets a connection attempt, without waiting for busy ones
     * @param homes the event loops connections are opened on and requests run on (see the class comment)
     */
    public ConnectionPool(
            int maxSize, int maxConnecting, long idleNs, boolean closedLoop, int homes, Connector<C> connector) {
        this(maxSize, maxConnecting, idleNs, closedLoop, homes, connector, System::nanoTime);
    }

    /** As above, with one home, and a clock in nanoseconds (tests). */
    ConnectionPool(
            int maxSize,
            int maxConnecting,
            long idleNs,
            boolean closedLoop,
            Connector<C> connector,
            LongSupplier clock) {
        this(maxSize, maxConnecting, idleNs, closedLoop, 1, connector, clock);
    }

    /** As above, with a clock in nanoseconds (tests). */
    @SuppressWarnings("unchecked")
    ConnectionPool(
            int maxSize,
            int maxConnecting,
            long idleNs,
            boolean closedLoop,
            int homes,
            Connector<C> connector,
            LongSupplier clock) {
        this.clock = clock;
        this.closedLoop = closedLoop;
        if (maxSize < 1 || maxConnecting < 1 || idleNs <= 0 || homes < 1) {
            throw new IllegalArgumentException("maxSize, maxConnecting, idleNs and homes must be >= 1");
        }
        this.homes = homes;
        this.idle = new ArrayDeque[homes];
        this.waiters = new ArrayDeque[homes];
        for (int h = 0; h < homes; h++) {
            idle[h] = new ArrayDeque<>();
            waiters[h] = new ArrayDeque<>();
        }
        this.connectingAt = new int[homes];
        this.openAt = new AtomicIntegerArray(homes);
        this.maxSize = maxSize;
        this.maxConnecting = maxConnecting;
        this.idleNs = idleNs;
        this.connector = connector;
    }

    /** Hands {@code w} a connection now, or once one frees up or is opened for it. */
    public void acquire(Waiter<C> w) {
        int home = homeOf(w);
        Pooled<C> c;
        int[] open;
        synchronized (this) {
            c = idle[home].pollFirst();
            if (c == null && idleTotal > 0) {
                c = borrow();
            }
            if (c != null) {
                idleTotal--;
                c.idle = false;
                lease(c, home);
                open = null;
            } else {
                long now = clock.getAsLong();
                waitedCount++;
                waiters[home].addLast(new Waiting<>(w, now, waiterSeq++, home));
                waitingTotal++;
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
        int[] open;
        synchronized (this) {
            busy--;
            close = !reusable || c.closed;
            if (close) {
                c.closed = true;
                openAt.decrementAndGet(c.home);
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

    /** Wraps a newly opened connection of home 0 (a pool with one home). */
    public static <C> Pooled<C> wrap(C connection) {
        return new Pooled<>(connection, 0);
    }

    /**
     * Wraps a newly opened connection, before {@link #connected} (so a close handler can name it).
     *
     * @param home the event loop it was opened on: the {@code home} of the {@link Connector#connect} call
     */
    public static <C> Pooled<C> wrap(C connection, int home) {
        return new Pooled<>(connection, home);
    }

    /**
     * A connection attempt succeeded after {@code tookNs}: the connection serves the oldest waiter or idles.
     *
     * @param c from {@link #wrap}
     */
    public void connected(Pooled<C> c, long tookNs) {
        long now = clock.getAsLong();
        Waiter<C> next = null;
        int[] open;
        synchronized (this) {
            connecting--;
            connectingAt[c.home]--;
            opened++;
            connectNs = connectNs < 0 ? tookNs : connectNs + (tookNs - connectNs) / 8;
            if (!c.closed) {
                openAt.incrementAndGet(c.home);
                next = handOver(c, now);
            }
            open = planConnects(now);
        }
        if (next != null) {
            next.granted(c);
        }
        startConnects(open);
    }

    /**
     * A connection attempt on {@code home} failed: the oldest waiting request of that home (or of all, when it has
     * none) fails with its cause.
     */
    public void connectFailed(int home, Throwable cause) {
        Waiter<C> w;
        int[] open;
        synchronized (this) {
            connecting--;
            connectingAt[home]--;
            long now = clock.getAsLong();
            Waiting<C> x = pollWaiter(home, now);
            w = x == null ? null : x.waiter();
            open = planConnects(now);
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
            boolean removed = waiters[homeOf(w)].removeIf(x -> x.waiter() == w);
            if (removed) {
                waitingTotal--;
            }
            return removed;
        }
    }

    /**
     * Looks again at the waiting requests (call periodically): a server that stopped answering while requests wait
     * and none arrives or leaves is noticed here.
     */
    public void recheck() {
        int[] open;
        synchronized (this) {
            open = waitingTotal == 0 ? null : planConnects(clock.getAsLong());
        }
        startConnects(open);
    }

    /** A pooled connection closed (by the server, or by the pool): it leaves the idle list. */
    public void closed(Pooled<C> c) {
        int[] open;
        synchronized (this) {
            if (c.closed && !c.idle) {
                return;
            }
            c.closed = true;
            if (c.idle) {
                c.idle = false;
                idle[c.home].remove(c);
                idleTotal--;
                openAt.decrementAndGet(c.home);
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
            for (ArrayDeque<Pooled<C>> list : idle) {
                Iterator<Pooled<C>> it = list.descendingIterator();
                while (it.hasNext()) {
                    Pooled<C> c = it.next();
                    if (!all && nowNs - c.idleSinceNs < idleNs) {
                        break;
                    }
                    it.remove();
                    idleTotal--;
                    openAt.decrementAndGet(c.home);
                    c.idle = false;
                    c.closed = true;
                    old.add(c);
                }
            }
        }
        for (Pooled<C> c : old) {
            connector.close(c.connection);
        }
    }

    /** Connections open: idle and in use. */
    public synchronized int openCount() {
        return idleTotal + busy;
    }

    /** Idle connections. */
    public synchronized int idleCount() {
        return idleTotal;
    }

    /** Open connections (idle and in use) of one home; without the lock, so possibly a moment old. */
    public int openCount(int home) {
        return openAt.get(home);
    }

    /** Idle connections of one home. */
    public synchronized int idleCount(int home) {
        return idle[home].size();
    }

    /** Connections handed to requests (taken idle, or handed over when they freed up or finished connecting). */
    public synchronized long leases() {
        return leases;
    }

    /** Of {@link #leases}, those to a request of another home than the connection's (a borrowed connection). */
    public synchronized long foreignLeases() {
        return foreignLeases;
    }

    /** The event loops this pool tells apart. */
    public int homes() {
        return homes;
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
        return waitingTotal;
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
     * Starts a connection attempt outside {@link #acquire} (filling the pool) on {@code home}, counted against the
     * bounds; the connection idles when no request waits for it.
     *
     * @return false when the bounds allow no attempt now
     */
    public boolean tryConnect(int home) {
        if (home < 0 || home >= homes) {
            throw new IllegalArgumentException("home " + home + " out of 0.." + (homes - 1));
        }
        synchronized (this) {
            if (connecting >= maxConnecting || openCount() + connecting >= maxSize) {
                return false;
            }
            connecting++;
            connectingAt[home]++;
            connectingPeak = Math.max(connectingPeak, connecting);
        }
        connector.connect(this, home);
        return true;
    }

    /** {@link #tryConnect(int)} on home 0 (a pool with one home). */
    public boolean tryConnect() {
        return tryConnect(0);
    }

    /** A request waiting for a connection, since when, its place in the arrival order over all homes, its home. */
    private record Waiting<C>(Waiter<C> waiter, long sinceNs, long seq, int home) {}

    private int homeOf(Waiter<C> w) {
        int h = w.home();
        if (h < 0 || h >= homes) {
            throw new IllegalArgumentException("request home " + h + " out of 0.." + (homes - 1));
        }
        return h;
    }

    // ---- under the lock

    /** The oldest waiting request of all homes, or null. */
    private Waiting<C> oldestWaiter() {
        Waiting<C> oldest = null;
        for (ArrayDeque<Waiting<C>> q : waiters) {
            Waiting<C> x = q.peekFirst();
            if (x != null && (oldest == null || x.seq() < oldest.seq())) {
                oldest = x;
            }
        }
        return oldest;
    }

    /**
     * Removes the waiting request a connection of {@code home} goes to: the oldest of that home, unless that home has
     * none or the oldest of all has waited longer than {@link #fairnessBoundNs}; then the oldest of all. Null when
     * none waits.
     */
    private Waiting<C> pollWaiter(int home, long now) {
        Waiting<C> oldest = oldestWaiter();
        if (oldest == null) {
            return null;
        }
        Waiting<C> own = waiters[home].peekFirst();
        Waiting<C> x = oldest;
        if (own != null && own != oldest && now - oldest.sinceNs() <= fairnessBoundNs()) {
            x = own;
        }
        waiters[x.home()].pollFirst();
        waitingTotal--;
        return x;
    }

    /** The most recently released idle connection of the home with the most idle ones (some home has one). */
    private Pooled<C> borrow() {
        int from = 0;
        for (int h = 1; h < homes; h++) {
            if (idle[h].size() > idle[from].size()) {
                from = h;
            }
        }
        return idle[from].pollFirst();
    }

    private void lease(Pooled<C> c, int home) {
        c.uses++;
        busy++;
        leases++;
        if (c.home != home) {
            foreignLeases++;
        }
    }

    /** A connection that freed up or finished connecting: to a waiting request ({@link #pollWaiter}), or it idles. */
    private Waiter<C> handOver(Pooled<C> c, long now) {
        Waiting<C> next = pollWaiter(c.home, now);
        if (next != null) {
            lease(c, next.home());
            return next.waiter();
        }
        c.idle = true;
        c.idleSinceNs = now;
        c.uses = Math.max(c.uses, 1); // one opened to fill the pool idles before its first request: kept alive too
        idle[c.home].addFirst(c);
        idleTotal++;
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
        if (closedLoop || busy == 0 || releaseIntervalNs <= 0 || connectNs <= 0 || waitingTotal == 0) {
            return 0;
        }
        long oldestWait = now - oldestWaiter().sinceNs();
        if (oldestWait > stallBoundNs()) {
            return 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, connectNs / releaseIntervalNs);
    }

    /**
     * How long the oldest waiting request may wait before the busy connections count as stalled: two release
     * intervals and one connect time (the larger); before any estimate, unbounded.
     */
    private double stallBoundNs() {
        double bound = Math.max(2 * releaseIntervalNs, connectNs);
        return bound > 0 ? bound : Double.MAX_VALUE;
    }

    /**
     * How long the oldest waiting request of all may wait before a connection of another loop goes to it rather than
     * to a younger request of the connection's own loop: twice what strict FIFO over all loops would take to reach it
     * (the waiting requests times the release interval), and never less than the stall bound.
     */
    private double fairnessBoundNs() {
        return Math.max(stallBoundNs(), 2.0 * waitingTotal * releaseIntervalNs);
    }

    /**
     * The connection attempts to start now for the waiting requests (already counted as in progress), as the home of
     * each: the home with the most waiting requests not covered by its attempts in progress, on a tie the one whose
     * oldest waiting request is older. Null when none.
     */
    private int[] planConnects(long now) {
        int unserved = waitingTotal - connecting - expectedFrees(now);
        int n = Math.min(unserved, Math.min(maxConnecting - connecting, maxSize - openCount() - connecting));
        if (n <= 0) {
            return null;
        }
        int[] at = new int[n];
        for (int i = 0; i < n; i++) {
            int best = -1;
            for (int h = 0; h < homes; h++) {
                if (best < 0 || better(h, best)) {
                    best = h;
                }
            }
            at[i] = best;
            connectingAt[best]++;
        }
        connecting += n;
        connectingPeak = Math.max(connectingPeak, connecting);
        return at;
    }

    /** Whether home {@code h} needs a new connection more than home {@code than}. */
    private boolean better(int h, int than) {
        int dh = waiters[h].size() - connectingAt[h];
        int dt = waiters[than].size() - connectingAt[than];
        if (dh != dt) {
            return dh > dt;
        }
        Waiting<C> a = waiters[h].peekFirst();
        Waiting<C> b = waiters[than].peekFirst();
        return a != null && (b == null || a.seq() < b.seq());
    }

    private void startConnects(int[] homes) {
        if (homes != null) {
            for (int h : homes) {
                connector.connect(this, h);
            }
        }
    }
}
