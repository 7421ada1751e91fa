package io.llmharness.simulator.http;

import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.engine.EngineClock;
import io.llmharness.simulator.engine.EngineGroup;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Recording stand-ins (dynamic proxies) for the Vert.x objects the HTTP layer writes to, so its branches can be
 * driven without a socket: a response that keeps a transcript of every call, its connection, an event-loop context
 * whose tasks run when the test says so, and timers the test fires. Single-threaded, like an event loop.
 */
final class FakeHttp {

    /** {@code head 200}, {@code write <text>}, {@code end <text>}, {@code close connection}, in call order. */
    final List<String> calls = new ArrayList<>();

    final Map<String, String> headers = new LinkedHashMap<>();
    private final Deque<Runnable> contextTasks = new ArrayDeque<>();
    private final TreeMap<Long, Handler<Long>> timers = new TreeMap<>();
    private final List<Long> cancelledTimers = new ArrayList<>();
    private long nextTimer = 1;
    private boolean responseClosed;

    final HttpConnection connection = proxy(HttpConnection.class, (name, args) -> {
        if (name.equals("close")) {
            calls.add("close connection");
            responseClosed = true;
        }
        return null;
    });

    final HttpServerResponse response = proxy(HttpServerResponse.class, this::onResponse);

    final HttpServerRequest request = proxy(HttpServerRequest.class, (name, args) -> switch (name) {
        case "response" -> response;
        case "connection" -> connection;
        default -> null;
    });

    final Context context = proxy(Context.class, (name, args) -> {
        if (name.equals("runOnContext")) {
            @SuppressWarnings("unchecked")
            Handler<Void> h = (Handler<Void>) args[0];
            contextTasks.add(() -> h.handle(null));
        }
        return null;
    });

    final Vertx vertx = proxy(Vertx.class, (name, args) -> {
        switch (name) {
            case "setTimer" -> {
                @SuppressWarnings("unchecked")
                Handler<Long> h = (Handler<Long>) args[1];
                long id = nextTimer++;
                timers.put(id, h);
                return id;
            }
            case "cancelTimer" -> {
                long id = (Long) args[0];
                cancelledTimers.add(id);
                return timers.remove(id) != null;
            }
            default -> {
                return null;
            }
        }
    });

    /** A server core over the fake Vert.x (its engines are never started). */
    ServerCore core(SimulatorOptions options) {
        EngineClock idle = new EngineClock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public Cancellable schedule(long delayNanos, Runnable task) {
                return () -> {};
            }
        };
        return new ServerCore(options, vertx, new EngineGroup(options, idle, Runnable::run), v -> {});
    }

    /** Runs the tasks queued on the context (and any they queue), in order. */
    void runContext() {
        while (!contextTasks.isEmpty()) {
            contextTasks.poll().run();
        }
    }

    int pendingContextTasks() {
        return contextTasks.size();
    }

    /** Fires every timer set so far. */
    void fireTimers() {
        while (!timers.isEmpty()) {
            Map.Entry<Long, Handler<Long>> t = timers.pollFirstEntry();
            t.getValue().handle(t.getKey());
        }
    }

    int pendingTimers() {
        return timers.size();
    }

    List<Long> cancelledTimers() {
        return cancelledTimers;
    }

    /** Everything written to the body, in order. */
    String body() {
        StringBuilder b = new StringBuilder();
        for (String c : calls) {
            if (c.startsWith("write ")) {
                b.append(c, 6, c.length());
            } else if (c.startsWith("end ")) {
                b.append(c, 4, c.length());
            }
        }
        return b.toString();
    }

    /** The {@code write} calls' payloads. */
    List<String> writes() {
        return calls.stream()
                .filter(c -> c.startsWith("write "))
                .map(c -> c.substring(6))
                .toList();
    }

    private Object onResponse(String name, Object[] args) {
        switch (name) {
            case "setStatusCode" -> calls.add("status " + args[0]);
            case "putHeader" -> headers.put(String.valueOf(args[0]).toLowerCase(Locale.ROOT), String.valueOf(args[1]));
            case "writeHead" -> calls.add("head");
            case "write" -> calls.add("write " + text(args[0]));
            case "end" -> calls.add(args == null || args.length == 0 ? "end " : "end " + text(args[0]));
            case "closed", "ended" -> {
                return responseClosed;
            }
            default -> {}
        }
        return null;
    }

    private static String text(Object o) {
        return o instanceof Buffer b ? b.toString(StandardCharsets.UTF_8) : String.valueOf(o);
    }

    private interface Calls {
        Object on(String method, Object[] args);
    }

    /** A proxy: fluent methods return the proxy, futures succeed, primitives get their zero. */
    private static <T> T proxy(Class<T> type, Calls calls) {
        Object[] self = new Object[1];
        Object p = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, m, args) -> {
            switch (m.getName()) {
                case "hashCode" -> {
                    return System.identityHashCode(proxy);
                }
                case "equals" -> {
                    return proxy == args[0];
                }
                case "toString" -> {
                    return "fake " + type.getSimpleName();
                }
                default -> {}
            }
            Object result = calls.on(m.getName(), args);
            Class<?> r = m.getReturnType();
            if (result != null || r == void.class) {
                return result;
            }
            if (r.isInstance(self[0])) {
                return self[0];
            }
            if (Future.class.isAssignableFrom(r)) {
                return Future.succeededFuture();
            }
            if (r == boolean.class) {
                return false;
            }
            if (r == int.class) {
                return 0;
            }
            if (r == long.class) {
                return 0L;
            }
            return null;
        });
        self[0] = p;
        return type.cast(p);
    }
}
