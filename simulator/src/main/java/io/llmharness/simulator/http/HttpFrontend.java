package io.llmharness.simulator.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.internal.ContextInternal;

/**
 * One listening HTTP/1.1 server bound to one event loop. Several frontends share the port (Vert.x spreads accepted
 * connections over them); the first one shares its loop with the engines. h2c upgrades are refused (plain HTTP/1.1
 * answers), compression is off, keep-alive follows {@link IdleConnections}.
 */
public final class HttpFrontend {
    private final ServerCore core;
    private final ContextInternal ctx;
    private final IdleConnections idle;
    private HttpServer server;
    private long sweepTimer = -1;

    public HttpFrontend(ServerCore core, ContextInternal ctx) {
        this.core = core;
        this.ctx = ctx;
        this.idle = new IdleConnections(core.options.http().keepAliveTimeoutMs(), core.openConnections);
    }

    /** Starts listening; completes with the actual port. */
    public Future<Integer> listen(String host, int port) {
        Promise<Integer> result = Promise.promise();
        ctx.runOnContext(v -> {
            HttpServerOptions o = new HttpServerOptions()
                    .setHost(host)
                    .setPort(port)
                    .setHttp2ClearTextEnabled(false)
                    .setCompressionSupported(false)
                    .setDecompressionSupported(false)
                    .setTcpNoDelay(true)
                    .setReuseAddress(true)
                    .setMaxHeaderSize(64 * 1024);
            Router router = new Router(core, idle::onRequest);
            server = core.vertx
                    .createHttpServer(o)
                    .connectionHandler(idle::onConnection)
                    .requestHandler(router);
            server.listen().onComplete(ar -> {
                if (ar.succeeded()) {
                    sweepTimer = core.vertx.setPeriodic(IdleConnections.SWEEP_PERIOD_MS, id -> idle.sweep());
                    result.complete(ar.result().actualPort());
                } else {
                    result.fail(ar.cause());
                }
            });
        });
        return result.future();
    }

    /** Drops all connections of this frontend (on its loop). */
    public void dropConnections() {
        ctx.runOnContext(v -> idle.closeAll());
    }

    /** Stops listening and closes connections. */
    public Future<Void> close() {
        Promise<Void> done = Promise.promise();
        ctx.runOnContext(v -> {
            if (sweepTimer >= 0) {
                core.vertx.cancelTimer(sweepTimer);
            }
            if (server == null) {
                done.complete();
            } else {
                server.close().onComplete(ar -> done.complete());
            }
        });
        return done.future();
    }
}
