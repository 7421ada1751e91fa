package io.llmharness.simulator.http;

import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * uvicorn's keep-alive behaviour: a connection with no request in progress is closed after the keep-alive timeout
 * (5 s by default). Vert.x's own idle timeout would also cut connections waiting for a long non-streamed answer,
 * so activity is tracked per request instead. One instance per event loop, used only on it.
 *
 * <p>A stalled event loop is not an idle connection: after a stall, requests can sit unread in the sockets while the
 * sweep timer catches up first, so a connection is closed only by a sweep that found it idle the sweep before too
 * (with no request in between), and a sweep that runs late (the loop was stalled) closes nothing. A connection is
 * therefore closed between one and two sweep periods after its timeout.
 */
final class IdleConnections {
    /** How often {@link #sweep} runs; a sweep later than twice this after the last one found the loop stalled. */
    static final long SWEEP_PERIOD_MS = 1000;

    private static final class State {
        long lastActive = System.nanoTime();
        int busy;
        /** {@code lastActive} as the last sweep found it idle past the timeout, or 0. */
        long idleSeen;
    }

    private final Map<HttpConnection, State> connections = new HashMap<>();
    private final long timeoutNanos;
    private final AtomicInteger open;
    private long lastSweep = System.nanoTime();

    /** @param open counts the open connections of every loop of the server */
    IdleConnections(long timeoutMillis, AtomicInteger open) {
        this.timeoutNanos = timeoutMillis * 1_000_000L;
        this.open = open;
    }

    void onConnection(HttpConnection c) {
        connections.put(c, new State());
        open.incrementAndGet();
        c.closeHandler(v -> {
            connections.remove(c);
            open.decrementAndGet();
        });
    }

    void onRequest(HttpServerRequest req) {
        State s = connections.get(req.connection());
        if (s == null) {
            return;
        }
        s.busy++;
        s.lastActive = System.nanoTime();
        req.response().endHandler(v -> {
            s.busy--;
            s.lastActive = System.nanoTime();
        });
    }

    /** Closes connections idle for longer than the timeout (called every {@link #SWEEP_PERIOD_MS}). */
    void sweep() {
        long now = System.nanoTime();
        boolean late = now - lastSweep > 2 * SWEEP_PERIOD_MS * 1_000_000L;
        lastSweep = now;
        if (timeoutNanos <= 0) {
            return;
        }
        for (Map.Entry<HttpConnection, State> e : new ArrayList<>(connections.entrySet())) {
            State s = e.getValue();
            boolean idle = s.busy <= 0 && now - s.lastActive > timeoutNanos;
            if (late || !idle) {
                s.idleSeen = 0;
            } else if (s.idleSeen == s.lastActive) {
                e.getKey().close();
            } else {
                s.idleSeen = s.lastActive;
            }
        }
    }

    /** Drops every connection at once (simulated crash). */
    void closeAll() {
        for (HttpConnection c : new ArrayList<>(connections.keySet())) {
            Connections.reset(c);
        }
    }
}
