package io.llmharness.report.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal Chrome DevTools Protocol client over the JDK's WebSocket: commands with ids, answers matched by id,
 * every event kept in order. Enough to load a page, evaluate script, take screenshots and collect console errors.
 */
final class DevTools implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    private final WebSocket ws;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final Object eventSignal = new Object();

    private DevTools(WebSocket ws) {
        this.ws = ws;
    }

    static DevTools connect(URI browser, Duration timeout) throws Exception {
        Listener listener = new Listener();
        WebSocket ws = HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .connectTimeout(timeout)
                .buildAsync(browser, listener)
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        DevTools d = new DevTools(ws);
        listener.owner = d;
        return d;
    }

    /** Sends a command (to a page session when {@code session} is not null) and waits for its result. */
    JsonNode call(String session, String method, Map<String, ?> params, Duration timeout) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        msg.set("params", JSON.valueToTree(params));
        if (session != null) {
            msg.put("sessionId", session);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ws.sendText(JSON.writeValueAsString(msg), true).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        JsonNode r = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (r.has("error")) {
            throw new IOException(method + ": " + r.get("error"));
        }
        return r.path("result");
    }

    /** Waits for the first event of a method (already received or still to come). */
    JsonNode awaitEvent(String method, Duration timeout) throws InterruptedException {
        return awaitEvent(e -> method.equals(e.path("method").asText()), timeout);
    }

    /** Waits for the first event that matches (already received or still to come). */
    JsonNode awaitEvent(java.util.function.Predicate<JsonNode> match, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (eventSignal) {
            while (true) {
                for (JsonNode e : events) {
                    if (match.test(e)) {
                        return e;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("no matching event within " + timeout);
                }
                eventSignal.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /** Every event received so far. */
    List<JsonNode> events() {
        return List.copyOf(events);
    }

    private void received(String text) {
        try {
            JsonNode m = JSON.readTree(text);
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) {
                    f.complete(m);
                }
            } else {
                events.add(m);
                synchronized (eventSignal) {
                    eventSignal.notifyAll();
                }
            }
        } catch (IOException e) {
            pending.values().forEach(f -> f.completeExceptionally(e));
        }
    }

    @Override
    public void close() {
        ws.abort();
    }

    private static final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();
        private volatile DevTools owner;

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                if (owner != null) {
                    owner.received(text);
                }
            }
            ws.request(1);
            return null;
        }
    }
}
