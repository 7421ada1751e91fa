package io.llmharness.simulator.http;

import io.llmharness.simulator.request.ApiError;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/** Plain (non-SSE) responses: JSON bodies, errors, common headers. */
final class Responses {
    private static final Buffer NOT_FOUND = Buffer.buffer("{\"detail\":\"Not Found\"}");
    private static final Buffer METHOD_NOT_ALLOWED = Buffer.buffer("{\"detail\":\"Method Not Allowed\"}");
    private static final Buffer UNAUTHORIZED = Buffer.buffer("{\"error\":\"Unauthorized\"}");

    private static final CharSequence SERVER = HttpHeaders.createOptimized("server");
    private static final CharSequence UVICORN = HttpHeaders.createOptimized("uvicorn");
    private static final CharSequence X_REQUEST_ID = HttpHeaders.createOptimized("x-request-id");
    static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized("content-type");
    static final CharSequence APPLICATION_JSON = HttpHeaders.createOptimized("application/json");

    private Responses() {}

    /** Headers every response carries: {@code server: uvicorn}, and the request id when enabled. */
    static void commonHeaders(ServerCore core, HttpServerResponse resp, String requestIdHeader) {
        resp.putHeader(SERVER, UVICORN);
        if (core.options.compatibility().enableRequestIdHeaders()) {
            resp.putHeader(X_REQUEST_ID, requestIdHeader != null ? requestIdHeader : Ids.hex32());
        }
    }

    static void json(ServerCore core, HttpServerResponse resp, int status, Buffer body) {
        if (resp.closed() || resp.ended()) {
            return;
        }
        resp.setStatusCode(status);
        resp.putHeader(CONTENT_TYPE, APPLICATION_JSON);
        commonHeaders(core, resp, null);
        resp.end(body);
    }

    static void error(ServerCore core, HttpServerResponse resp, ErrorShape shape, ApiError e) {
        json(core, resp, e.status(), shape.render(e));
    }

    static void empty(ServerCore core, HttpServerResponse resp, int status) {
        if (resp.closed() || resp.ended()) {
            return;
        }
        resp.setStatusCode(status);
        commonHeaders(core, resp, null);
        resp.end();
    }

    static void text(ServerCore core, HttpServerResponse resp, int status, String contentType, String body) {
        if (resp.closed() || resp.ended()) {
            return;
        }
        resp.setStatusCode(status);
        resp.putHeader("content-type", contentType);
        commonHeaders(core, resp, null);
        resp.end(body);
    }

    static void notFound(ServerCore core, HttpServerResponse resp) {
        json(core, resp, 404, NOT_FOUND.copy());
    }

    static void methodNotAllowed(ServerCore core, HttpServerResponse resp) {
        json(core, resp, 405, METHOD_NOT_ALLOWED.copy());
    }

    static void unauthorized(ServerCore core, HttpServerResponse resp) {
        json(core, resp, 401, UNAUTHORIZED.copy());
    }
}
