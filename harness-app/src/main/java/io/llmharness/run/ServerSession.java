package io.llmharness.run;

import io.llmharness.backend.HealthProbe;
import io.llmharness.backend.ManagedServers;
import io.llmharness.backend.ModelInfo;
import io.llmharness.backend.ProfileOutcome;
import io.llmharness.backend.ServerFailure;
import io.llmharness.backend.ServerListener;
import io.llmharness.error.HarnessException;
import io.llmharness.simulator.SimulatorServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The servers of one run while it lasts: started (simulator, managed servers) or checked (external URLs) when
 * opened, stopped when closed. {@link #failure()} completes with one line when a server dies during the run.
 */
final class ServerSession implements AutoCloseable {

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    private final List<String> urls;
    private final String servedModel;
    private final CompletableFuture<String> failure;
    private volatile String profileProblem;
    private final AutoCloseable resource;
    private final ManagedServers managed;

    private ServerSession(
            List<String> urls,
            String servedModel,
            CompletableFuture<String> failure,
            AutoCloseable r,
            ManagedServers managed) {
        this.urls = List.copyOf(urls);
        this.servedModel = servedModel;
        this.failure = failure;
        this.resource = r;
        this.managed = managed;
    }

    /**
     * Starts or checks the servers of a target.
     *
     * @param listener progress lines (server started, ready, stopped)
     * @throws HarnessException (exit 1) naming the URL when a server cannot be reached or does not start
     */
    static ServerSession open(Target target, AccessPlan access, ServerListener listener) {
        return switch (target) {
            case Target.External e -> external(e, access);
            case Target.Simulated s -> simulated(s, listener);
            case Target.Managed m -> managed(m, listener);
        };
    }

    private static ServerSession external(Target.External e, AccessPlan access) {
        String served = null;
        try (HealthProbe probe = new HealthProbe(access.tls(), access.controlHeaders())) {
            for (String url : e.urls()) {
                String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
                HealthProbe.Check health = probe.health(base, PROBE_TIMEOUT);
                if (!health.ok()) {
                    HealthProbe.Check models = probe.get(base + "/v1/models", PROBE_TIMEOUT);
                    if (!models.ok()) {
                        throw unreachable(url, health, models, e.defaulted());
                    }
                }
                ModelInfo info = probe.models(base, PROBE_TIMEOUT);
                if (served == null) {
                    served = info.servedModelName();
                }
            }
        }
        return new ServerSession(e.urls(), served, new CompletableFuture<>(), () -> {}, null);
    }

    private static HarnessException unreachable(
            String url, HealthProbe.Check health, HealthProbe.Check models, boolean defaulted) {
        String flag = defaulted
                ? "no --api-server-url was given, so the default " + url + " was tried"
                : "--api-server-url " + url;
        if (health.status() == 0 && models.status() == 0) {
            boolean tls = health.problem().startsWith("TLS");
            return HarnessException.execution("cannot reach the server at " + url + " (" + health.problem() + ")"
                    + (tls ? "" : "; check that it is running and that the URL is right") + " (" + flag + ")");
        }
        return HarnessException.execution("the server at " + url + " is not ready (GET /health: " + health
                + ", GET /v1/models: " + models + "); wait until it has loaded the model, then run again");
    }

    private static ServerSession simulated(Target.Simulated s, ServerListener listener) {
        SimulatorServer sim;
        try {
            sim = SimulatorServer.start(s.options().withLogSink(line -> {}));
        } catch (RuntimeException e) {
            throw HarnessException.execution("cannot start the embedded simulator: " + e.getMessage(), e);
        }
        sim.awaitReady(30_000);
        listener.event("started the " + s.describe() + " at " + sim.baseUrl());
        CompletableFuture<String> failure =
                sim.crashed().thenApply(reason -> "the simulated server at " + sim.baseUrl() + " died: " + reason);
        return new ServerSession(List.of(sim.baseUrl()), s.options().identity().servedModelName(), failure, sim, null);
    }

    private static ServerSession managed(Target.Managed m, ServerListener listener) {
        // the run ends with the failure as its error line; printing it when it happens too would say it twice
        ServerListener events = new ServerListener() {
            @Override
            public void event(String message) {
                listener.event(message);
            }

            @Override
            public void failure(ServerFailure f) {}
        };
        ManagedServers servers = ManagedServers.start(m.config(), events);
        CompletableFuture<String> failure = new CompletableFuture<>();
        servers.failure().thenAccept(f -> failure.complete(f.message()));
        return new ServerSession(
                servers.baseUrls(), servers.modelInfo().servedModelName(), failure, servers::close, servers);
    }

    /** Base URLs, in load-balancing order. */
    List<String> urls() {
        return urls;
    }

    /** The model name the servers serve (first of {@code /v1/models}), or null when unknown. */
    String servedModel() {
        return servedModel;
    }

    /** Completes with one line when a server dies during the run. */
    CompletableFuture<String> failure() {
        return failure;
    }

    @Override
    public void close() {
        try {
            resource.close();
        } catch (Exception e) {
            throw HarnessException.execution("stopping the servers failed: " + e.getMessage(), e);
        }
    }

    /** {@code /start_profile} on managed servers whose config asks for endpoint profiling. */
    void startProfile(RunConsole console) {
        if (managed != null && managed.config().profile().usesEndpoints()) {
            note(console, managed.profiler().start());
        }
    }

    /** {@code /stop_profile}, the counterpart of {@link #startProfile}. */
    void stopProfile(RunConsole console) {
        if (managed != null && managed.config().profile().usesEndpoints()) {
            note(console, managed.profiler().stop());
        }
    }

    private void note(RunConsole console, ProfileOutcome outcome) {
        console.note("harness: " + outcome.summary());
        if (!outcome.allOk() && profileProblem == null) {
            profileProblem = "no trace: " + outcome.summary();
        }
    }

    /**
     * Why the servers produced no profiler trace ({@code no trace: start_profile: … answered 404: …}), or null when
     * every profiler call succeeded or nothing was profiled through the endpoints.
     */
    String profileProblem() {
        return profileProblem;
    }
}
