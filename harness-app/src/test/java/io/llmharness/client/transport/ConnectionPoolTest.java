package io.llmharness.client.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pool's policy on a virtual clock, with a connector that opens connections only when the test says so. */
class ConnectionPoolTest {

    private static final long MS = 1_000_000L;

    private long now = 1_000 * MS;
    private final Connector connector = new Connector();
    private final List<Request> live = new ArrayList<>();

    /** Counts connection attempts (and the home each was asked on) and lets the test finish them, oldest first. */
    private static final class Connector implements ConnectionPool.Connector<String> {
        int attempts;
        int inProgress;
        int peakInProgress;
        final List<String> closed = new ArrayList<>();
        final ArrayDeque<Integer> pendingHomes = new ArrayDeque<>();
        final List<Integer> homes = new ArrayList<>();

        @Override
        public void connect(ConnectionPool<String> pool, int home) {
            attempts++;
            inProgress++;
            peakInProgress = Math.max(peakInProgress, inProgress);
            pendingHomes.addLast(home);
            homes.add(home);
        }

        @Override
        public void close(String connection) {
            closed.add(connection);
        }

        void succeed(ConnectionPool<String> pool, long tookNs) {
            inProgress--;
            int home = pendingHomes.pollFirst();
            pool.connected(ConnectionPool.wrap("c" + attempts + "-" + inProgress + "@" + home, home), tookNs);
        }

        void fail(ConnectionPool<String> pool) {
            inProgress--;
            pool.connectFailed(pendingHomes.pollFirst(), new IllegalStateException("refused"));
        }
    }

    /** A request: records the connection it got or the failure. */
    private static final class Request implements ConnectionPool.Waiter<String> {
        ConnectionPool.Pooled<String> got;
        Throwable failure;

        @Override
        public void granted(ConnectionPool.Pooled<String> c) {
            got = c;
        }

        @Override
        public void failed(Throwable cause) {
            failure = cause;
        }
    }

    private ConnectionPool<String> pool(int size, int connecting) {
        return new ConnectionPool<>(size, connecting, 3_000 * MS, false, connector, () -> now);
    }

    /**
     * A closed loop on a fast server: every 0.1 ms the request that got its connection first ends and the next one is
     * sent; a connection takes 2 ms to open (the attempts in progress complete every 20
     * steps). {@code start} more requests join the loop first; the loop's requests carry over between calls. Returns
     * the pool's waiting requests at the end.
     */
    private int closedLoop(ConnectionPool<String> p, int start, int steps) {
        live.addAll(acquire(p, start));
        for (int step = 1; step <= steps; step++) {
            now += MS / 10;
            for (int i = 0; i < live.size(); i++) {
                if (live.get(i).got != null) {
                    p.release(live.remove(i).got, true);
                    live.addAll(acquire(p, 1)); // the next request of the loop replaces the one that ended
                    break;
                }
            }
            if (step % 20 == 0) {
                while (connector.inProgress > 0) {
                    connector.succeed(p, 2 * MS);
                }
            }
        }
        return p.waiting();
    }

    @Test
    void aClosedLoopPoolDoesNotCountOnReleasesItsOwnLoopTakesBack() {
        // the same busy pool as above, but a closed loop of 14 requests on a pool of 14: 10 requests wait
        ConnectionPool<String> p = busyPool(new ConnectionPool<>(14, 8, 3_000 * MS, true, connector, () -> now));
        int before = connector.attempts;
        List<Request> waiting = acquire(p, 10);
        assertThat(connector.attempts - before)
                .as("an attempt per waiter, 8 at a time")
                .isEqualTo(8);
        for (int i = 0; i < 8; i++) {
            connector.succeed(p, 2 * MS);
        }
        assertThat(connector.attempts - before)
                .as("the last two, then the pool is full")
                .isEqualTo(10);
        connector.succeed(p, 2 * MS);
        connector.succeed(p, 2 * MS);
        assertThat(waiting).allMatch(r -> r.got != null);
        assertThat(p.openCount()).isEqualTo(14);
        assertThat(p.waiting()).isZero();
    }

    @Test
    void aClosedLoopPoolOpensAConnectionForEveryWaitingRequestUpToItsSize() {
        ConnectionPool<String> p = new ConnectionPool<>(32, 8, 3_000 * MS, true, connector, () -> now);
        int waiting = closedLoop(p, 32, 2_000);
        assertThat(waiting)
                .as("no request of the loop waits once the pool holds the loop's size")
                .isZero();
        assertThat(p.openCount()).isEqualTo(32);
        assertThat(p.opened()).as("never more than the loop needs").isEqualTo(32);
        assertThat(connector.peakInProgress)
                .as("still at most 8 attempts at a time")
                .isEqualTo(8);
        long waited = p.waited();
        closedLoop(p, 0, 500);
        assertThat(p.waited()).as("a full pool: no more waits").isEqualTo(waited);
    }

    private static List<Request> acquire(ConnectionPool<String> p, int n) {
        List<Request> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Request r = new Request();
            p.acquire(r);
            out.add(r);
        }
        return out;
    }

    @Test
    void aBurstOnAnEmptyPoolStartsAtMostTheBoundOfConnectionAttempts() {
        ConnectionPool<String> p = pool(1024, 8);
        List<Request> burst = acquire(p, 500);
        assertThat(connector.attempts).as("not one per waiting request").isEqualTo(8);
        assertThat(p.connectingCount()).isEqualTo(8);
        assertThat(p.waiting()).isEqualTo(500);
        // each finished attempt serves the oldest waiter and, while requests still wait, starts the next one
        connector.succeed(p, MS);
        assertThat(burst.get(0).got).isNotNull();
        assertThat(burst.get(1).got).isNull();
        assertThat(connector.peakInProgress).isEqualTo(8);
        assertThat(p.connectingPeak()).isEqualTo(8);
    }

    @Test
    void aReleasedConnectionGoesToTheOldestWaiterBeforeAnyNewOne() {
        ConnectionPool<String> p = pool(1024, 1);
        Request first = acquire(p, 1).get(0);
        connector.succeed(p, MS);
        List<Request> waiting = acquire(p, 3);
        assertThat(connector.attempts).as("one attempt at a time").isEqualTo(2);
        p.release(first.got, true);
        assertThat(waiting.get(0).got).isSameAs(first.got);
        assertThat(waiting.get(0).got.reused()).isTrue();
        assertThat(waiting.get(1).got).isNull();
    }

    /** Four busy connections that took 2 ms to open and come back every 0.1 ms (each reused at once). */
    private ConnectionPool<String> busyPool() {
        return busyPool(pool(1024, 8));
    }

    private ConnectionPool<String> busyPool(ConnectionPool<String> p) {
        List<Request> held = acquire(p, 4);
        for (int i = 0; i < 4; i++) {
            connector.succeed(p, 2 * MS);
        }
        for (int i = 0; i < 20; i++) {
            now += MS / 10;
            p.release(held.get(i % 4).got, true);
            held.set(i % 4, acquire(p, 1).get(0));
        }
        return p;
    }

    @Test
    void waitersThatBusyConnectionsWillServeWithinAConnectTimeOpenNothing() {
        ConnectionPool<String> p = busyPool(); // 20 requests free up within one connect time
        int before = connector.attempts;
        List<Request> burst = acquire(p, 10);
        assertThat(connector.attempts)
                .as("10 waiters, ~20 releases expected first")
                .isEqualTo(before);
        // the server stalls: nothing comes back for longer than a connect time, so waiters get new connections
        now += 50 * MS;
        acquire(p, 1);
        assertThat(connector.attempts).isGreaterThan(before);
        assertThat(burst).allMatch(r -> r.failure == null);
    }

    @Test
    void aPauseOfTheClientItselfIsNotAStall() {
        ConnectionPool<String> p = busyPool();
        int before = connector.attempts;
        now += 50 * MS; // the client was descheduled: nothing was released, nothing arrived
        acquire(p, 10);
        assertThat(connector.attempts)
                .as("the requests just arrived; the releases that come with them will serve them")
                .isEqualTo(before);
        now += 50 * MS; // still nothing released: now it is a stall, found by the periodic look
        p.recheck();
        assertThat(connector.attempts).isEqualTo(before + 8);
    }

    @Test
    void theCapBoundsOpenPlusConnecting() {
        ConnectionPool<String> p = pool(3, 8);
        acquire(p, 10);
        assertThat(connector.attempts).isEqualTo(3);
        connector.succeed(p, MS);
        connector.succeed(p, MS);
        connector.succeed(p, MS);
        assertThat(p.openCount()).isEqualTo(3);
        assertThat(connector.attempts).as("the cap is reached: no new attempt").isEqualTo(3);
        assertThat(p.waiting()).isEqualTo(7);
    }

    @Test
    void aFailedAttemptFailsTheOldestWaiterAndTheNextTriesAgain() {
        ConnectionPool<String> p = pool(16, 1);
        List<Request> rs = acquire(p, 3);
        connector.fail(p);
        assertThat(rs.get(0).failure).hasMessage("refused");
        assertThat(rs.get(1).failure).isNull();
        assertThat(connector.attempts)
                .as("the next waiter gets its own attempt")
                .isEqualTo(2);
    }

    @Test
    void aCancelledWaiterNoLongerCountsAndAConnectionOnItsWayComesBack() {
        ConnectionPool<String> p = pool(16, 8);
        List<Request> rs = acquire(p, 2);
        assertThat(p.cancel(rs.get(1))).isTrue();
        assertThat(p.waiting()).isEqualTo(1);
        assertThat(p.cancel(new Request())).isFalse();
    }

    @Test
    void aConnectionNotReadToItsEndIsClosedNotReused() {
        ConnectionPool<String> p = pool(16, 8);
        Request r = acquire(p, 1).get(0);
        connector.succeed(p, MS);
        p.release(r.got, false);
        assertThat(connector.closed).containsExactly(r.got.connection());
        assertThat(p.openCount()).isZero();
        assertThat(p.idleCount()).isZero();
    }

    @Test
    void idleConnectionsExpireOldestFirstAndTheMostRecentIsReusedFirst() {
        ConnectionPool<String> p = pool(16, 8);
        List<Request> rs = acquire(p, 3);
        for (int i = 0; i < 3; i++) {
            connector.succeed(p, MS);
        }
        p.release(rs.get(0).got, true);
        now += 2_000 * MS;
        p.release(rs.get(1).got, true);
        p.release(rs.get(2).got, true);
        assertThat(acquire(p, 1).get(0).got).as("LIFO").isSameAs(rs.get(2).got);
        now += 1_500 * MS;
        p.expire(now);
        assertThat(connector.closed).containsExactly(rs.get(0).got.connection());
        assertThat(p.idleCount()).isEqualTo(1);
    }

    @Test
    void aConnectionOpenedToFillThePoolIsKeptAliveLikeAReusedOne() {
        ConnectionPool<String> p = pool(16, 8);
        assertThat(p.tryConnect()).isTrue();
        connector.succeed(p, MS);
        assertThat(p.idleCount()).isEqualTo(1);
        // it idled before its first request: the server may have closed it meanwhile, so a failure on it is stale
        Request first = acquire(p, 1).get(0);
        assertThat(first.got.reused()).isTrue();

        // one opened for a waiting request and handed over at once is fresh
        Request waiting = acquire(p, 1).get(0);
        connector.succeed(p, MS);
        assertThat(waiting.got.reused()).isFalse();
        p.release(waiting.got, true);
        assertThat(acquire(p, 1).get(0).got.reused()).isTrue();
    }

    @Test
    void aConnectionTheServerClosedLeavesTheIdleList() {
        ConnectionPool<String> p = pool(16, 8);
        Request r = acquire(p, 1).get(0);
        connector.succeed(p, MS);
        ConnectionPool.Pooled<String> c = r.got;
        p.release(c, true);
        p.closed(c);
        assertThat(p.idleCount()).isZero();
        Request next = acquire(p, 1).get(0);
        assertThat(next.got).isNull();
        assertThat(connector.attempts).isEqualTo(2);
    }
}
