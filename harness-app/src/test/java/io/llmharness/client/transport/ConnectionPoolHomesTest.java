package io.llmharness.client.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pool's loop affinity ("Homes") on a virtual clock, with two event loops A (home 0) and B (home 1): a request
 * takes its own loop's connection, borrows another loop's idle one rather than wait, opens new ones on its own loop,
 * and the bounds and FIFO order stay what {@link ConnectionPoolTest} checks for one loop.
 */
class ConnectionPoolHomesTest {

    private static final long MS = 1_000_000L;
    private static final int A = 0;
    private static final int B = 1;

    private long now = 1_000 * MS;
    private final Connector connector = new Connector();

    /** Records the home of every attempt; the test finishes them oldest first. */
    private static final class Connector implements ConnectionPool.Connector<String> {
        final ArrayDeque<Integer> pending = new ArrayDeque<>();
        final List<Integer> homes = new ArrayList<>();
        final List<String> closed = new ArrayList<>();
        int peak;

        @Override
        public void connect(ConnectionPool<String> pool, int home) {
            pending.addLast(home);
            homes.add(home);
            peak = Math.max(peak, pending.size());
        }

        @Override
        public void close(String connection) {
            closed.add(connection);
        }

        ConnectionPool.Pooled<String> succeed(ConnectionPool<String> pool) {
            int home = pending.pollFirst();
            ConnectionPool.Pooled<String> c = ConnectionPool.wrap("c" + homes.size() + "@" + home, home);
            pool.connected(c, MS);
            return c;
        }

        void fail(ConnectionPool<String> pool) {
            pool.connectFailed(pending.pollFirst(), new IllegalStateException("refused"));
        }

        long attemptsOn(int home) {
            return homes.stream().filter(h -> h == home).count();
        }
    }

    /** A request of one loop: records the connection it got or the failure. */
    private static final class Request implements ConnectionPool.Waiter<String> {
        final int home;
        ConnectionPool.Pooled<String> got;
        Throwable failure;

        Request(int home) {
            this.home = home;
        }

        @Override
        public void granted(ConnectionPool.Pooled<String> c) {
            got = c;
        }

        @Override
        public void failed(Throwable cause) {
            failure = cause;
        }

        @Override
        public int home() {
            return home;
        }
    }

    private ConnectionPool<String> pool(int size, int connecting, boolean closedLoop) {
        return new ConnectionPool<>(size, connecting, 3_000 * MS, closedLoop, 2, connector, () -> now);
    }

    private static Request acquire(ConnectionPool<String> p, int home) {
        Request r = new Request(home);
        p.acquire(r);
        return r;
    }

    /** Opens one idle connection on {@code home} (filling the pool) and returns it. */
    private ConnectionPool.Pooled<String> idleOn(ConnectionPool<String> p, int home) {
        assertThat(p.tryConnect(home)).isTrue();
        return connector.succeed(p);
    }

    @Test
    void aRequestTakesItsOwnLoopsConnectionEvenWhenAnotherLoopsWasReleasedLater() {
        ConnectionPool<String> p = pool(16, 8, false);
        ConnectionPool.Pooled<String> a = idleOn(p, A);
        ConnectionPool.Pooled<String> b = idleOn(p, B);
        Request onA = acquire(p, A);
        Request onB = acquire(p, B);
        now += MS;
        p.release(onA.got, true);
        now += MS;
        p.release(onB.got, true); // B's is now the most recently used of all

        assertThat(acquire(p, A).got).as("A's, not the most recent of all").isSameAs(a);
        assertThat(acquire(p, B).got).isSameAs(b);
        assertThat(p.leases()).isEqualTo(4);
        assertThat(p.foreignLeases()).isZero();
    }

    @Test
    void withinALoopTheMostRecentlyUsedIsTakenFirst() {
        ConnectionPool<String> p = pool(16, 8, false);
        idleOn(p, A);
        idleOn(p, A);
        Request r1 = acquire(p, A);
        Request r2 = acquire(p, A);
        p.release(r1.got, true);
        now += MS;
        p.release(r2.got, true);
        assertThat(acquire(p, A).got).as("LIFO within the loop").isSameAs(r2.got);
    }

    @Test
    void aRequestBorrowsAnotherLoopsIdleConnectionWhenItsOwnHasNoneAndNoneCanBeOpened() {
        ConnectionPool<String> p = pool(2, 8, false);
        ConnectionPool.Pooled<String> b1 = idleOn(p, B);
        idleOn(p, B);
        int attempts = connector.homes.size();

        Request onA = acquire(p, A);
        assertThat(onA.got).as("borrowed at once, not left waiting at the cap").isNotNull();
        assertThat(onA.got.home()).isEqualTo(B);
        assertThat(p.waiting()).isZero();
        assertThat(p.foreignLeases()).isEqualTo(1);
        assertThat(connector.homes).as("nothing opened beyond the cap").hasSize(attempts);
        p.release(onA.got, true);
        assertThat(p.idleCount(B))
                .as("it goes back to its own loop's idle list")
                .isEqualTo(2);
        assertThat(p.idleCount(A)).isZero();
        assertThat(acquire(p, B).got).isIn(b1, onA.got);
    }

    @Test
    void aRequestBorrowsRatherThanWaitForAConnectionOfItsOwn() {
        // below the cap a connection could be opened on A, but the request would wait for it while B's idles
        ConnectionPool<String> p = pool(16, 8, false);
        ConnectionPool.Pooled<String> b = idleOn(p, B);
        int attempts = connector.homes.size();
        Request onA = acquire(p, A);
        assertThat(onA.got).isSameAs(b);
        assertThat(connector.homes)
                .as("no attempt for a request that did not wait")
                .hasSize(attempts);
        assertThat(p.waited()).isZero();
    }

    @Test
    void connectionsForWaitingRequestsAreOpenedOnTheirLoops() {
        ConnectionPool<String> p = pool(16, 8, true);
        Request a1 = acquire(p, A);
        Request b1 = acquire(p, B);
        Request b2 = acquire(p, B);
        Request b3 = acquire(p, B);
        assertThat(connector.attemptsOn(A)).isEqualTo(1);
        assertThat(connector.attemptsOn(B)).isEqualTo(3);
        // the attempts finish in their order: A's first, then B's
        connector.succeed(p);
        assertThat(a1.got.home()).isEqualTo(A);
        connector.succeed(p);
        connector.succeed(p);
        connector.succeed(p);
        assertThat(List.of(b1, b2, b3)).allMatch(r -> r.got != null && r.got.home() == B);
        assertThat(p.foreignLeases()).isZero();
    }

    @Test
    void aNewConnectionServesTheOldestWaiterOfItsOwnLoopFirst() {
        ConnectionPool<String> p = pool(16, 8, true);
        Request a1 = acquire(p, A); // attempt on A
        Request b1 = acquire(p, B); // attempt on B
        // B's attempt finishes first: it goes to B's waiter although A's waited longer
        int firstHome = connector.pending.pollFirst();
        int secondHome = connector.pending.pollFirst();
        assertThat(List.of(firstHome, secondHome)).containsExactly(A, B);
        p.connected(ConnectionPool.wrap("b", B), MS);
        assertThat(b1.got.home()).isEqualTo(B);
        assertThat(a1.got).isNull();
        p.connected(ConnectionPool.wrap("a", A), MS);
        assertThat(a1.got.home()).isEqualTo(A);
        assertThat(p.foreignLeases()).isZero();
    }

    @Test
    void aNewConnectionWithNoWaiterOfItsLoopServesTheOldestOfAll() {
        ConnectionPool<String> p = pool(16, 8, true);
        assertThat(p.tryConnect(B)).isTrue(); // filling the pool
        Request onA = acquire(p, A);
        assertThat(connector.homes)
                .as("the attempt in progress covers the waiting request")
                .containsExactly(B);
        connector.succeed(p);
        assertThat(onA.got)
                .as("an idle connection and a waiting request never coexist")
                .isNotNull();
        assertThat(onA.got.home()).isEqualTo(B);
        assertThat(p.foreignLeases()).isEqualTo(1);
    }

    @Test
    void aReleasedConnectionGoesToTheOldestWaiterOfItsLoop() {
        ConnectionPool<String> p = pool(1, 8, false);
        Request first = acquire(p, A);
        connector.succeed(p);
        Request onB = acquire(p, B);
        Request onA = acquire(p, A);
        p.release(first.got, true);
        assertThat(onA.got)
                .as("A's connection to A's request, although B's waited longer")
                .isSameAs(first.got);
        assertThat(onB.got).isNull();
        assertThat(p.foreignLeases()).isZero();
        p.release(onA.got, true);
        assertThat(onB.got).as("no waiter of A left: the oldest of all").isSameAs(first.got);
        assertThat(p.foreignLeases()).isEqualTo(1);
    }

    @Test
    void theOldestWaiterOfAnotherLoopIsServedOnceItWaitedTwiceWhatFifoWouldTake() {
        ConnectionPool<String> p = pool(1, 8, false);
        Request held = acquire(p, A);
        connector.succeed(p); // connect time 1 ms
        Request onB = acquire(p, B);
        List<Request> onA = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            onA.add(acquire(p, A));
        }
        ConnectionPool.Pooled<String> c = held.got;
        int served = 0;
        while (onB.got == null) {
            now += MS; // a release every 1 ms; at the k-th, 12 - k requests wait: the bound is 2 x (12 - k) ms
            p.release(c, true);
            if (onB.got == null) {
                c = onA.get(served++).got;
                assertThat(c).as("A's connection to A's request").isNotNull();
            }
        }
        assertThat(served)
                .as("A's younger requests served until B's waited 9 ms > 2 x 3 ms, with two of A's still waiting")
                .isEqualTo(8);
        assertThat(p.foreignLeases()).isEqualTo(1);
    }

    @Test
    void theBoundsCountEveryLoopTogether() {
        ConnectionPool<String> p = pool(3, 2, true);
        for (int i = 0; i < 10; i++) {
            acquire(p, i % 2);
        }
        assertThat(connector.homes).as("at most 2 attempts at a time").hasSize(2);
        assertThat(connector.homes).as("one per loop: each has waiters").containsExactlyInAnyOrder(A, B);
        connector.succeed(p);
        connector.succeed(p);
        assertThat(connector.homes).as("the cap of 3: one more").hasSize(3);
        connector.succeed(p);
        assertThat(p.openCount()).isEqualTo(3);
        assertThat(connector.peak).isLessThanOrEqualTo(2);
        assertThat(p.waiting()).isEqualTo(7);
        assertThat(p.tryConnect(A)).isFalse();
    }

    @Test
    void aFailedAttemptFailsTheOldestWaiterOfItsLoop() {
        ConnectionPool<String> p = pool(16, 1, true);
        Request a1 = acquire(p, A); // the one attempt goes to A
        Request b1 = acquire(p, B);
        connector.fail(p);
        assertThat(a1.failure).hasMessage("refused");
        assertThat(b1.failure).isNull();
        assertThat(connector.homes).as("B's request gets its attempt on B").containsExactly(A, B);
    }

    @Test
    void itCountsTheOpenConnectionsOfEachLoop() {
        ConnectionPool<String> p = pool(16, 8, false);
        idleOn(p, A);
        idleOn(p, B);
        ConnectionPool.Pooled<String> b2 = idleOn(p, B);
        assertThat(p.openCount(A)).isEqualTo(1);
        assertThat(p.openCount(B)).isEqualTo(2);
        Request r = acquire(p, B);
        assertThat(r.got).isSameAs(b2);
        assertThat(p.openCount(B)).as("in use still counts").isEqualTo(2);
        p.release(r.got, false);
        assertThat(p.openCount(B)).isEqualTo(1);
        now += 5_000 * MS;
        p.expire(now);
        assertThat(p.openCount(A) + p.openCount(B)).isZero();
    }

    @Test
    void idleConnectionsOfEveryLoopExpire() {
        ConnectionPool<String> p = pool(16, 8, false);
        ConnectionPool.Pooled<String> a = idleOn(p, A);
        now += 2_000 * MS;
        ConnectionPool.Pooled<String> b = idleOn(p, B);
        now += 1_500 * MS;
        p.expire(now);
        assertThat(connector.closed).containsExactly(a.connection());
        assertThat(p.idleCount(A)).isZero();
        assertThat(p.idleCount(B)).isEqualTo(1);
        now += 2_000 * MS;
        p.expire(now);
        assertThat(connector.closed).containsExactly(a.connection(), b.connection());
        assertThat(p.openCount()).isZero();
    }

    @Test
    void aClosedIdleConnectionLeavesItsLoopsList() {
        ConnectionPool<String> p = pool(16, 8, false);
        ConnectionPool.Pooled<String> b = idleOn(p, B);
        p.closed(b);
        assertThat(p.idleCount()).isZero();
        Request onA = acquire(p, A);
        assertThat(onA.got).isNull();
        assertThat(connector.pending).as("opened on the waiting request's loop").containsExactly(A);
    }
}
