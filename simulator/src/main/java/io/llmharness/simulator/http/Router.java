package io.llmharness.simulator.http;

import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.request.GenerationRequest.Api;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The persona's route table: exact paths plus two prefixes ({@code /v1/models/…}, {@code /sim/timings/…}), FastAPI
 * style 404 / 405 bodies, Bearer-key checks, and a last-resort 500 without stack trace for anything unexpected.
 */
final class Router implements Handler<HttpServerRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(Router.class);
    private static final Set<HttpMethod> GET = Set.of(HttpMethod.GET);
    private static final Set<HttpMethod> POST = Set.of(HttpMethod.POST);
    private static final Set<HttpMethod> GET_POST = Set.of(HttpMethod.GET, HttpMethod.POST);
    /** Body of {@code /sim/hello}: the trivial endpoint benchmarks measure the HTTP stack's own ceiling with. */
    private static final io.vertx.core.buffer.Buffer HELLO =
            io.vertx.core.buffer.Buffer.buffer("{\"hello\":\"world\"}");

    private record Route(Set<HttpMethod> methods, Handler<HttpServerRequest> handler) {}

    private final ServerCore core;
    private final Map<String, Route> routes = new HashMap<>();
    private final Route timing;
    private final Route modelById;
    private final Handler<HttpServerRequest> onRequest;

    /** @param onRequest called for every request before routing (connection bookkeeping) */
    Router(ServerCore core, Handler<HttpServerRequest> onRequest) {
        this.core = core;
        this.onRequest = onRequest;
        GenerationEndpoint gen = new GenerationEndpoint(core);
        InfoEndpoints info = new InfoEndpoints(core);
        ProfileEndpoints profile = new ProfileEndpoints(core);
        DebugEndpoints debug = new DebugEndpoints(core);
        boolean sglang = core.options.identity().sglang();
        add("/v1/completions", POST, r -> gen.handle(r, Api.COMPLETIONS));
        add("/v1/chat/completions", POST, r -> gen.handle(r, Api.CHAT));
        add("/v1/models", GET, info::models);
        add("/tokenize", POST, info::tokenize);
        add("/detokenize", POST, info::detokenize);
        if (core.options.metricsEnabled()) {
            add("/metrics", GET, info::metrics);
        }
        if (sglang) {
            SglangEndpoints sg = new SglangEndpoints(core);
            add("/generate", Set.of(HttpMethod.POST, HttpMethod.PUT), r -> gen.handle(r, Api.GENERATE));
            add("/health", GET, info::health);
            add("/health_generate", GET, sg::healthGenerate);
            add("/ping", GET, info::ping);
            add("/model_info", GET, sg::modelInfo);
            add("/get_model_info", GET, sg::modelInfo);
            add("/server_info", GET, sg::serverInfo);
            add("/get_server_info", GET, sg::serverInfo);
            add("/get_load", GET, sg::load);
            add("/flush_cache", GET_POST, sg::flushCache);
            add("/v1/tokenize", POST, info::tokenize);
            add("/v1/detokenize", POST, info::detokenize);
            if (core.options.profiling().enableProfiling()) {
                add("/start_profile", GET_POST, profile::start);
                add("/stop_profile", GET_POST, profile::stop);
            }
            modelById = new Route(GET, info::model);
        } else {
            add("/health", GET, info::health);
            add("/ping", GET_POST, info::health);
            add("/version", GET, info::version);
            add("/load", GET, info::load);
            add("/reset_prefix_cache", POST, r -> {
                core.engines.clearPrefixCache();
                Responses.empty(core, r.response(), 200);
            });
            if (core.options.profiling().enableProfiling()) {
                add("/start_profile", POST, profile::start);
                add("/stop_profile", POST, profile::stop);
            }
            modelById = null;
        }
        add("/sim/timings", Set.of(HttpMethod.GET, HttpMethod.DELETE), debug::list);
        add(
                "/sim/hello",
                GET_POST,
                r -> r.body().onSuccess(b -> Responses.json(core, r.response(), 200, HELLO.copy())));
        timing = new Route(GET, debug::timing);
    }

    private void add(String path, Set<HttpMethod> methods, Handler<HttpServerRequest> handler) {
        routes.put(path, new Route(methods, handler));
    }

    @Override
    public void handle(HttpServerRequest req) {
        onRequest.handle(req);
        try {
            String path = req.path();
            Route route = routes.get(path);
            if (route == null) {
                if (path.startsWith(DebugEndpoints.PREFIX)) {
                    route = timing;
                } else if (modelById != null && path.startsWith("/v1/models/")) {
                    route = modelById;
                } else {
                    Responses.notFound(core, req.response());
                    return;
                }
            }
            if (!route.methods.contains(req.method())) {
                Responses.methodNotAllowed(core, req.response());
                return;
            }
            if (core.options.admission().apiKey() != null && guarded(path) && !authorized(req)) {
                Responses.unauthorized(core, req.response());
                return;
            }
            route.handler.handle(req);
        } catch (ApiError e) {
            Responses.error(core, req.response(), core.openAiErrorShape(), e);
        } catch (RuntimeException e) {
            LOG.warn("unexpected error serving {} {}", req.method(), req.path(), e);
            Responses.error(
                    core,
                    req.response(),
                    core.openAiErrorShape(),
                    new ApiError(500, "InternalServerError", "Internal Server Error", null));
        }
    }

    private boolean guarded(String path) {
        if (core.options.identity().sglang()) {
            return !(path.equals("/health")
                    || path.equals("/health_generate")
                    || path.equals("/metrics")
                    || path.equals("/ping"));
        }
        return path.startsWith("/v1")
                || path.startsWith("/v2")
                || path.startsWith("/inference")
                || path.startsWith("/cohere");
    }

    private boolean authorized(HttpServerRequest req) {
        String header = req.getHeader("authorization");
        return header != null
                && header.equals("Bearer " + core.options.admission().apiKey());
    }
}
