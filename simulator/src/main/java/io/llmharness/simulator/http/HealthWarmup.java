package io.llmharness.simulator.http;

import io.llmharness.simulator.SimulatorOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;

/**
 * The phase between "listening" and "healthy": {@code /health} answers 503 for {@code warmupMs}, then (SGLang,
 * unless {@code skipWarmup}) while an 8-token warm-up request runs through the engine, as SGLang's own warm-up does.
 */
public final class HealthWarmup {
    private HealthWarmup() {}

    /** Starts the warm-up; the future completes when the server became ready. */
    public static Future<Void> begin(ServerCore core, SimulatorOptions o) {
        Promise<Void> done = Promise.promise();
        Runnable afterDelay = () -> {
            if (o.identity().sglang() && !o.lifecycle().skipWarmup()) {
                InternalGeneration.run(core, 8).onComplete(ar -> ready(core, done));
            } else {
                ready(core, done);
            }
        };
        if (o.lifecycle().warmupMs() > 0) {
            core.vertx.setTimer(o.lifecycle().warmupMs(), id -> afterDelay.run());
        } else {
            afterDelay.run();
        }
        return done.future();
    }

    private static void ready(ServerCore core, Promise<Void> done) {
        if (core.health() == ServerCore.Health.STARTING) {
            core.health(ServerCore.Health.READY);
        }
        done.tryComplete();
    }
}
