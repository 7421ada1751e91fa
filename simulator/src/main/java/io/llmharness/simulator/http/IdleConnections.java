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
 */
final class IdleConnections {
    private static final class State {
        long lastActive = System.nanoTime();
        int busy;
    }

    private final Map<HttpConnection, State> connections = new HashMap<>();
    private final long timeoutNanos;
    private final AtomicInteger open;

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
        req.response().endHandler(v -> {
            s.busy--;
            s.lastActive = System.nanoTime();
        });
    }

    /** Closes connections idle for longer than the timeout (called every second). */
    void sweep() {
        if (timeoutNanos <= 0) {
            return;
        }
        long now = System.nanoTime();
        for (Map.Entry<HttpConnection, State> e : new ArrayList<>(connections.entrySet())) {
            State s = e.getValue();
            if (s.busy <= 0 && now - s.lastActive > timeoutNanos) {
                e.getKey().close();
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
