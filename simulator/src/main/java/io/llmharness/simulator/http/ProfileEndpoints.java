package io.llmharness.simulator.http;

import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code /start_profile} and {@code /stop_profile}, registered only with profiling enabled (404 otherwise, as in
 * vLLM). Stop answers after the configured delay and, with a profile directory, writes a small placeholder trace
 * ({@code sim-trace-<millis>.pt.trace.json}) so that harness code paths that collect traces are exercised.
 */
final class ProfileEndpoints {
    private final ServerCore core;

    ProfileEndpoints(ServerCore core) {
        this.core = core;
    }

    void start(HttpServerRequest req) {
        core.profiling = true;
        core.log("INFO [api_server.py] Starting profiler...");
        reply(req, "Start profiling.\n");
    }

    void stop(HttpServerRequest req) {
        core.profiling = false;
        long delay = Math.max(0, core.options.profiling().stopProfileDelayMs());
        Runnable finish = () -> {
            Path dir = core.options.profiling().profileDir();
            if (dir == null) {
                reply(req, "Stop profiling. This will take some time.\n");
                return;
            }
            core.vertx
                    .executeBlocking(() -> {
                        Files.createDirectories(dir);
                        Path file = dir.resolve("sim-trace-" + System.currentTimeMillis() + ".pt.trace.json");
                        Files.writeString(
                                file,
                                "{\"traceEvents\":[],\"displayTimeUnit\":\"ms\","
                                        + "\"otherData\":{\"producer\":\"llm-harness simulator\"}}\n",
                                StandardCharsets.UTF_8);
                        return file;
                    })
                    .onComplete(ar -> reply(req, "Stop profiling. This will take some time.\n"));
        };
        if (delay > 0) {
            core.vertx.setTimer(delay, id -> finish.run());
        } else {
            finish.run();
        }
    }

    private void reply(HttpServerRequest req, String sglangText) {
        if (core.options.identity().sglang()) {
            Responses.text(core, req.response(), 200, "text/plain; charset=utf-8", sglangText);
        } else {
            Responses.empty(core, req.response(), 200);
        }
    }
}
