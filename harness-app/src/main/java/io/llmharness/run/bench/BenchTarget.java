package io.llmharness.run.bench;

import io.llmharness.backend.HealthProbe;
import io.llmharness.backend.ModelInfo;
import io.llmharness.error.HarnessException;
import io.llmharness.run.AccessPlan;
import io.llmharness.secret.Secret;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** The server of a workload run: the embedded simulator (started and stopped here) or someone else's. */
final class BenchTarget implements AutoCloseable {

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    /** How long the second {@code GET /v1/models} waits when the first got no answer but {@code /health} did. */
    private static final Duration RETRY_TIMEOUT = Duration.ofSeconds(20);

    private final String baseUrl;
    private final SimulatorServer sim;

    private BenchTarget(String baseUrl, SimulatorServer sim) {
        this.baseUrl = baseUrl;
        this.sim = sim;
    }

    /** Starts the embedded vLLM simulator on an ephemeral loopback port, serving {@code model} when given. */
    static BenchTarget simulate(String model) {
        return simulate(model, null, line -> {});
    }

    /**
     * The same, requiring {@code apiKey} (when not null) as {@code harness sim --api-key} does, with the
     * simulator's start-up and shutdown log lines going to {@code log}.
     */
    static BenchTarget simulate(String model, Secret apiKey, Consumer<String> log) {
        SimulatorOptions o = SimulatorOptions.defaults().withLogSink(log);
        if (model != null) {
            o = o.with(Identity.DEFAULTS.withServedModelNames(List.of(model)));
        }
        if (apiKey != null) {
            o = o.with(o.admission().withApiKey(apiKey.reveal()));
        }
        SimulatorServer s;
        try {
            s = SimulatorServer.start(o);
        } catch (RuntimeException e) {
            throw HarnessException.execution("cannot start the embedded simulator: " + e.getMessage(), e);
        }
        if (!s.awaitReady(30_000)) {
            s.close();
            throw HarnessException.execution("the embedded simulator did not become ready within 30 s");
        }
        return new BenchTarget(s.baseUrl(), s);
    }

    /** A server someone else runs. */
    static BenchTarget external(String baseUrl) {
        return new BenchTarget(strip(baseUrl), null);
    }

    static String strip(String url) {
        String u = url.strip();
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u.endsWith("/v1") ? u.substring(0, u.length() - 3) : u;
    }

    String baseUrl() {
        return baseUrl;
    }

    boolean simulated() {
        return sim != null;
    }

    /** The model name the embedded simulator serves, or null for an external server. */
    String servedModel() {
        return sim == null ? null : sim.options().identity().servedModelName();
    }

    /** What the embedded simulator completes with when it dies, or null for an external server. */
    java.util.concurrent.CompletableFuture<String> crashed() {
        return sim == null ? new java.util.concurrent.CompletableFuture<>() : sim.crashed();
    }

    /** The first model of {@code /v1/models}, or null when the server does not say. */
    static String discoverModel(String baseUrl) {
        return discoverModel(baseUrl, AccessPlan.DEFAULT);
    }

    /** The same, asking with the run's key, headers and TLS trust. */
    static String discoverModel(String baseUrl, AccessPlan access) {
        try (HealthProbe probe = new HealthProbe(access.tls(), access.controlHeaders())) {
            ModelInfo info = probe.models(strip(baseUrl), PROBE_TIMEOUT);
            return info.servedModelName();
        }
    }

    /**
     * Checks an external server answers before anything is written.
     *
     * @param from the flag, variable or profile key the URL came from
     * @throws HarnessException (execution) naming the URL and where it came from
     */
    void check(String from, AccessPlan access) {
        if (sim != null) {
            return;
        }
        try (HealthProbe probe = new HealthProbe(access.tls(), access.controlHeaders())) {
            HealthProbe.Check models = probe.get(baseUrl + "/v1/models", PROBE_TIMEOUT);
            if (models.ok()) {
                return;
            }
            HealthProbe.Check health = probe.health(baseUrl, PROBE_TIMEOUT);
            if (models.status() == 0 && health.ok()) {
                // alive but slow to list its models (a busy server, or a busy machine: a test JVM under a load of
                // 20 once waited more than 5 s for the first answer): ask once more, for longer
                models = probe.get(baseUrl + "/v1/models", RETRY_TIMEOUT);
                if (models.ok()) {
                    return;
                }
            }
            if (models.status() == 401 || models.status() == 403) {
                throw HarnessException.execution("the server at " + baseUrl + " answered GET /v1/models with HTTP "
                        + models.status() + ": it wants an API key; give it with --api-key KEY (or the profile's"
                        + " server.api_key)"
                        + (access.apiKey() == null
                                ? ""
                                : ", the one sent (" + access.apiKey().source() + ") was refused"));
            }
            if (models.status() == 404) {
                throw HarnessException.execution("the server at " + baseUrl + " answered GET /v1/models with HTTP 404:"
                        + " no OpenAI-compatible API at this path; check the URL's path (from " + from + "), and"
                        + " that it is an LLM server (vLLM, SGLang or an OpenAI-compatible gateway)");
            }
            if (health.status() == 0 && models.status() == 0) {
                throw HarnessException.execution("cannot reach the server at " + baseUrl + " (" + models.problem()
                        + "), from " + from + "; check that it is running and that the URL is right");
            }
            throw HarnessException.execution("the server at " + baseUrl + " is not ready (GET /v1/models: " + models
                    + ", GET /health: " + health + "); wait until it has loaded the model, then run again");
        }
    }

    @Override
    public void close() {
        if (sim != null) {
            sim.close();
        }
    }
}
