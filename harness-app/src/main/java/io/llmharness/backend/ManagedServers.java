package io.llmharness.backend;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.SecretPrints;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The servers of one config, started together for a run: {@code num_processes} servers on consecutive ports,
 * each with its slice of the GPUs. Typical use by {@code harness run} / {@code harness bench}:
 *
 * <pre>{@code
 * try (ManagedServers servers = ManagedServers.start(cfg, listener)) {   // ready, or HarnessException
 *     servers.onFailure(f -> run.abort(f.message()));                  // heartbeat / process death
 *     client.useBaseUrls(servers.baseUrls());                           // load balancer targets
 *     ProfilerClient profiler = servers.profiler();
 *     if (servers.config().profile().usesEndpoints()) profiler.start(); // around the measured phase only
 *     … measured phase …
 *     if (servers.config().profile().usesEndpoints()) profiler.stop();
 * }                                                                    // stop(): always, also on exceptions
 * }</pre>
 *
 * A JVM shutdown hook stops them on SIGINT/SIGTERM as well.
 */
public final class ManagedServers implements AutoCloseable {

    private final ServerConfig cfg;
    private final List<ManagedServer> servers;
    private final CompletableFuture<ServerFailure> failure = new CompletableFuture<>();
    private final ServerListener listener;
    private List<StopReport> reports;

    private ManagedServers(ServerConfig cfg, List<ManagedServer> servers, ServerListener listener) {
        this.cfg = cfg;
        this.servers = List.copyOf(servers);
        this.listener = listener;
        for (ManagedServer s : servers) {
            s.failure().thenAccept(failure::complete);
        }
    }

    /** Launches every server, waits until all are ready and starts watching them. */
    public static ManagedServers start(ServerConfig cfg, ServerListener listener) {
        return start(cfg, new LaunchPlanner(System.getenv()).plan(cfg), listener);
    }

    /** Same, with already planned launches (e.g. after printing them). */
    public static ManagedServers start(ServerConfig cfg, List<LaunchSpec> specs, ServerListener listener) {
        List<ManagedServer> started = new ArrayList<>();
        try {
            for (LaunchSpec spec : specs) {
                started.add(ManagedServer.launch(cfg, spec, listener));
            }
            awaitAll(started);
        } catch (RuntimeException e) {
            stopAll(started);
            throw e;
        }
        ManagedServers group = new ManagedServers(cfg, started, listener);
        started.forEach(ManagedServer::startWatching);
        return group;
    }

    private static void awaitAll(List<ManagedServer> started) {
        if (started.size() == 1) {
            started.get(0).awaitReady();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(started.size(), r -> {
            Thread t = new Thread(r, "await-ready");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<ModelInfo>> waits = new ArrayList<>();
            for (ManagedServer s : started) {
                waits.add(pool.submit(s::awaitReady));
            }
            for (Future<ModelInfo> w : waits) {
                try {
                    w.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    throw HarnessException.execution("waiting for readiness failed: " + e.getCause(), e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw HarnessException.execution("interrupted while waiting for the servers to become ready");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<StopReport> stopAll(List<ManagedServer> list) {
        if (list.size() == 1) {
            return List.of(list.get(0).stop());
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<StopReport>> stops = list.stream()
                    .map(s -> CompletableFuture.supplyAsync(s::stop, pool))
                    .toList();
            return stops.stream().map(CompletableFuture::join).toList();
        }
    }

    /** The validated config these servers run. */
    public ServerConfig config() {
        return cfg;
    }

    /** The servers, in index order. */
    public List<ManagedServer> servers() {
        return servers;
    }

    /** Base URLs in index order, e.g. {@code [http://127.0.0.1:8000, http://127.0.0.1:8001]}. */
    public List<String> baseUrls() {
        return servers.stream().map(ManagedServer::baseUrl).toList();
    }

    /** {@code /v1/models} of the first server (all serve the same model). */
    public ModelInfo modelInfo() {
        return servers.get(0).modelInfo();
    }

    /** Completes with the first failure of any server; cancelled when they are stopped on purpose. */
    public CompletableFuture<ServerFailure> failure() {
        return failure;
    }

    /** Runs {@code callback} when a server dies while in use (on a watcher thread; keep it short). */
    public ManagedServers onFailure(Consumer<ServerFailure> callback) {
        failure.thenAccept(callback);
        return this;
    }

    /** Profiler hooks ({@code /start_profile}, {@code /stop_profile}) for all servers. */
    public ProfilerClient profiler() {
        return new ProfilerClient(baseUrls(), cfg.backend(), cfg.profile());
    }

    /** Stops every server (in parallel) and returns what each stop found. Idempotent. */
    public synchronized List<StopReport> stop() {
        if (reports == null) {
            failure.cancel(false);
            reports = stopAll(servers);
        }
        return reports;
    }

    /** {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    /** What a later {@code harness server stop} needs to find these servers (does not detach them). */
    public ServerState state(String name, String configFile) {
        return new ServerState(
                name,
                configFile,
                cfg.backend().configName(),
                cfg.model(),
                Instant.now().toString(),
                cfg.debugMode(),
                cfg.shutdownGrace().toMillis(),
                cfg.profile().tool().wrapsCommand(),
                servers.stream().map(ManagedServer::instance).toList(),
                SecretPrints.ofRegistered());
    }

    /**
     * Leaves the servers running after this JVM exits: heartbeats stop and the shutdown hook forgets them.
     * Record {@link #state} first, so they can be found again.
     */
    public void detach() {
        failure.cancel(false);
        servers.forEach(ManagedServer::detach);
        listener.event("detached " + servers.size() + " server(s); they keep running");
    }
}
