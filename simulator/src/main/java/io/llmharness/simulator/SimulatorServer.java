package io.llmharness.simulator;

import io.llmharness.simulator.engine.EngineGroup;
import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.http.HealthWarmup;
import io.llmharness.simulator.http.HttpFrontend;
import io.llmharness.simulator.http.ServerCore;
import io.llmharness.simulator.process.WorkerProcesses;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A running simulated vLLM / SGLang server. {@link #start} blocks until the port accepts connections; several
 * servers can run in one JVM (each has its own Vert.x instance and event loops); {@link #close} aborts in-flight
 * requests (streams end with {@code finish_reason: "abort"}), stops the worker processes and releases the port.
 *
 * <pre>{@code
 * try (SimulatorServer sim = SimulatorServer.start(SimulatorOptions.defaults().with(Latency.fixed(100, 12)))) {
 *     String url = sim.baseUrl() + "/v1/completions";
 *     ...
 * }
 * }</pre>
 */
public final class SimulatorServer implements AutoCloseable {
    private final SimulatorOptions options;
    private final Vertx vertx;
    private final ServerCore core;
    private final List<HttpFrontend> frontends;
    private final WorkerProcesses workers;
    private final Banner banner;
    private final int port;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<String> crashed = new CompletableFuture<>();
    private boolean closed;

    private SimulatorServer(
            SimulatorOptions options,
            Vertx vertx,
            ServerCore core,
            List<HttpFrontend> frontends,
            WorkerProcesses workers,
            Banner banner,
            int port) {
        this.options = options;
        this.vertx = vertx;
        this.core = core;
        this.frontends = frontends;
        this.workers = workers;
        this.banner = banner;
        this.port = port;
    }

    /**
     * Starts a server and returns once it listens (after {@code startupDelayMs}; {@code /health} may still answer
     * 503 during {@code warmupMs} or SGLang's warm-up request, see {@link #awaitReady()}).
     *
     * @throws IllegalStateException when the port cannot be bound (message names host and port)
     */
    public static SimulatorServer start(SimulatorOptions options) {
        Banner banner = new Banner(options);
        Http http = options.http();
        Parallelism parallelism = options.parallelism();
        WorkerProcesses workers = parallelism.workerProcesses()
                ? WorkerProcesses.spawn(options.identity().persona(), parallelism.tensorParallelSize())
                : null;
        Vertx vertx = null;
        try {
            vertx = Vertx.vertx(new VertxOptions()
                    .setEventLoopPoolSize(http.eventLoops())
                    .setWorkerPoolSize(2)
                    .setInternalBlockingPoolSize(2)
                    .setPreferNativeTransport(false)
                    .setBlockedThreadCheckInterval(10)
                    .setBlockedThreadCheckIntervalUnit(TimeUnit.SECONDS));
            VertxInternal vi = (VertxInternal) vertx;
            List<ContextInternal> contexts = new ArrayList<>();
            for (int i = 0; i < http.eventLoops(); i++) {
                contexts.add(vi.createEventLoopContext());
            }
            var clock = new io.llmharness.simulator.http.EngineThread(contexts.get(0));
            EngineGroup engines = new EngineGroup(options, clock, clock);
            CompletableFuture<String> crashSignal = new CompletableFuture<>();
            List<HttpFrontend> frontends = new ArrayList<>();
            ServerCore core = new ServerCore(options, vertx, engines, v -> crashSignal.complete("crash"));
            banner.beforeStart(engines.kvCapacityTokens());
            sleep(options.lifecycle().startupDelayMs());
            // Several frontends share a port only when they all ask for the same concrete one.
            int listenPort = http.port() == 0 && contexts.size() > 1 ? freePort(http.host()) : http.port();
            int actualPort = 0;
            for (ContextInternal ctx : contexts) {
                HttpFrontend f = new HttpFrontend(core, ctx);
                frontends.add(f);
                actualPort = await(f.listen(http.host(), listenPort), options);
            }
            SimulatorServer server = new SimulatorServer(options, vertx, core, frontends, workers, banner, actualPort);
            crashSignal.thenRun(server::onCrash);
            banner.listening(http.host(), actualPort);
            HealthWarmup.begin(core, options).onComplete(ar -> {
                banner.ready();
                server.ready.complete(null);
            });
            return server;
        } catch (RuntimeException e) {
            if (vertx != null) {
                vertx.close();
            }
            if (workers != null) {
                workers.close();
            }
            throw e;
        }
    }

    private static int await(Future<Integer> f, SimulatorOptions o) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "interrupted while binding " + o.http().host() + ":"
                            + o.http().port(),
                    e);
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException(
                    "cannot listen on " + o.http().host() + ":" + o.http().port() + ": "
                            + String.valueOf(cause.getMessage()).strip(),
                    cause);
        }
    }

    private static int freePort(String host) {
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.bind(new java.net.InetSocketAddress(host, 0));
            return probe.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot find a free port on " + host + ": " + e.getMessage(), e);
        }
    }

    private static void sleep(long ms) {
        if (ms <= 0) {
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the start-up delay", e);
        }
    }

    /** The port the server listens on (the ephemeral one when port 0 was asked for). */
    public int port() {
        return port;
    }

    /** {@code http://HOST:PORT}, e.g. {@code http://127.0.0.1:8000}. */
    public String baseUrl() {
        String host = options.http().host();
        if (host.equals("0.0.0.0") || host.equals("::")) {
            host = "127.0.0.1";
        } else if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + port;
    }

    public SimulatorOptions options() {
        return options;
    }

    /** Completes when {@code /health} turns 200 (after the warm-up). */
    public CompletableFuture<Void> whenReady() {
        return ready;
    }

    /** Blocks until ready (at most {@code timeoutMs}); returns whether it is ready. */
    public boolean awaitReady(long timeoutMs) {
        try {
            ready.get(timeoutMs, TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return false;
        }
    }

    /** Completes with a reason when the simulated engine dies ({@code exitAfterRequests}). */
    public CompletableFuture<String> crashed() {
        return crashed;
    }

    /** Generation requests currently being answered. */
    public int inFlight() {
        return core.inFlight();
    }

    /**
     * HTTP connections currently open (a test can wait for the keep-alive timeout to have closed a client's
     * connection).
     */
    public int openConnections() {
        return core.openConnections();
    }

    /** Process ids of the worker processes (empty unless {@code workerProcesses} is set). */
    public List<Long> workerPids() {
        return workers == null ? List.of() : workers.pids();
    }

    /**
     * The engine died ({@code exitAfterRequests}): generation stops at once and every connection is reset, so
     * in-flight requests end without a final chunk or body, as when a real server's process dies.
     */
    private void onCrash() {
        core.engines().crash();
        for (HttpFrontend f : frontends) {
            f.dropConnections();
        }
        crashed.complete(
                "engine died after " + options.lifecycle().exitAfterRequests() + " requests (--exit-after-requests)");
    }

    /**
     * Stops the server: new generation requests get 503, in-flight ones may finish during {@code shutdownTimeoutMs}
     * and are then aborted (streams get a final {@code finish_reason: "abort"} chunk and {@code [DONE]}), the port is
     * released and worker processes are stopped. Idempotent. Must not be called on one of this server's event loops.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (core.health() != ServerCore.Health.DEAD) {
            core.health(ServerCore.Health.STOPPING);
        }
        long drainUntil = System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(options.lifecycle().shutdownTimeoutMs());
        while (core.inFlight() > 0 && System.nanoTime() < drainUntil) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        core.engines().abortAll(FinishReason.ABORT);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (core.inFlight() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<Future<Void>> closing = new ArrayList<>();
        for (HttpFrontend f : frontends) {
            closing.add(f.close());
        }
        try {
            Future.join(closing).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // closing the Vert.x instance below releases the port anyway
        }
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // best effort: event-loop threads are daemons
        }
        if (workers != null) {
            workers.close();
        }
        banner.shutdown();
    }
}
