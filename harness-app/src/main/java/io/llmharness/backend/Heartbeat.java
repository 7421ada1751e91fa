package io.llmharness.backend;

import io.llmharness.backend.config.HeartbeatSettings;
import io.llmharness.backend.process.ProcessTree;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Periodic {@code GET /health} of one running server on a daemon thread. A 200 resets the failure count; any
 * other outcome (status, refused connection, timeout) counts one failure, and {@code failureThreshold}
 * failures in a row report the server dead. Each tick also refreshes the process tree, so workers the server
 * starts later are known when it is stopped.
 */
final class Heartbeat {

    private final String baseUrl;
    private final HeartbeatSettings settings;
    private final HealthProbe probe;
    private final ProcessTree tree;
    private final Consumer<String> onFailure;
    private final ScheduledExecutorService timer;
    private int failures;
    private volatile boolean stopped;

    Heartbeat(
            String name,
            String baseUrl,
            HeartbeatSettings settings,
            HealthProbe probe,
            ProcessTree tree,
            Consumer<String> onFailure) {
        this.baseUrl = baseUrl;
        this.settings = settings;
        this.probe = probe;
        this.tree = tree;
        this.onFailure = onFailure;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "heartbeat-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        long ms = settings.interval().toMillis();
        timer.scheduleWithFixedDelay(this::tick, ms, ms, TimeUnit.MILLISECONDS);
    }

    void stop() {
        stopped = true;
        timer.shutdownNow();
    }

    private void tick() {
        if (stopped) {
            return;
        }
        tree.members();
        HealthProbe.Check c = probe.health(baseUrl, settings.timeout());
        if (stopped) {
            return;
        }
        if (c.ok()) {
            failures = 0;
            return;
        }
        failures++;
        if (failures >= settings.failureThreshold()) {
            stop();
            onFailure.accept(failures + " health check(s) failed in a row (last: " + c + ")");
        }
    }
}
