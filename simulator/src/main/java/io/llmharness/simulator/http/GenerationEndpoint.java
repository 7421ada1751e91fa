package io.llmharness.simulator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.engine.Sequence;
import io.llmharness.simulator.fault.FaultSpec;
import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.request.GenerationRequest;
import io.llmharness.simulator.request.JsonSyntax;
import io.llmharness.simulator.request.Sequences;
import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code POST /v1/completions}, {@code /v1/chat/completions} and SGLang's {@code /generate}: body checks, fault
 * decisions, parsing, then a {@link Session} that carries the request through the engine.
 */
final class GenerationEndpoint {
    private static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized("content-type");
    private static final CharSequence CONTENT_LENGTH = HttpHeaders.createOptimized("content-length");
    private static final CharSequence X_REQUEST_ID = HttpHeaders.createOptimized("x-request-id");
    private static final CharSequence X_SIM_FAULT = HttpHeaders.createOptimized("x-sim-fault");
    private static final CharSequence X_RETURN_ERROR = HttpHeaders.createOptimized("x-return-error");
    private static final CharSequence X_SIM_RECORD_TIMINGS = HttpHeaders.createOptimized("x-sim-record-timings");
    private final ServerCore core;
    private final ObjectReader reader;
    private final AtomicLong splitSeeds = new AtomicLong();

    GenerationEndpoint(ServerCore core) {
        this.core = core;
        this.reader = core.mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    void handle(HttpServerRequest req, GenerationRequest.Api api) {
        long arrival = System.nanoTime();
        ErrorShape shape = api == GenerationRequest.Api.GENERATE ? ErrorShape.MESSAGE_ONLY : core.openAiErrorShape();
        ServerCore.Health health = core.health();
        if (health == ServerCore.Health.STOPPING || health == ServerCore.Health.DEAD) {
            Responses.error(
                    core,
                    req.response(),
                    shape,
                    health == ServerCore.Health.DEAD
                            ? new ApiError(500, "InternalServerError", "EngineCore encountered an issue.", null)
                            : new ApiError(503, "ServiceUnavailableError", "The server is shutting down.", null));
            return;
        }
        if (core.options.identity().persona() == Persona.VLLM && !isJson(req.getHeader(CONTENT_TYPE))) {
            Responses.error(
                    core,
                    req.response(),
                    shape,
                    ApiError.validation(List.of("Unsupported Media Type: Only 'application/json' is allowed")));
            return;
        }
        String length = req.getHeader(CONTENT_LENGTH);
        if (length != null && parseLong(length) > core.options.http().maxRequestBodyBytes()) {
            Responses.error(
                    core,
                    req.response(),
                    shape,
                    ApiError.ofStatus(
                            413,
                            "Request body too large: " + length + " bytes (limit "
                                    + core.options.http().maxRequestBodyBytes() + ")."));
            req.connection().close();
            return;
        }
        req.body().onComplete(ar -> {
            if (ar.failed()) {
                return;
            }
            try {
                process(req, api, shape, ar.result(), arrival);
            } catch (ApiError e) {
                Responses.error(core, req.response(), shape, e);
            }
        });
    }

    private void process(HttpServerRequest req, GenerationRequest.Api api, ErrorShape shape, Buffer raw, long arrival) {
        String requestIdHeader = req.getHeader(X_REQUEST_ID);
        FaultSpec requestFault;
        try {
            requestFault = FaultSpec.parse(req.getHeader(X_SIM_FAULT));
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("Invalid X-Sim-Fault header: " + e.getMessage());
        }
        ApiError injected = core.faults.injectedError(req.getHeader(X_RETURN_ERROR), requestFault);
        if (injected != null) {
            if (requestFault.has(FaultSpec.TEXT_ERROR)) {
                Responses.text(
                        core, req.response(), injected.status(), "text/plain; charset=utf-8", injected.getMessage());
            } else {
                Responses.error(core, req.response(), shape, injected);
            }
            core.onAnswered();
            return;
        }
        JsonNode body = parseJson(raw);
        GenerationRequest g = switch (api) {
            case COMPLETIONS -> core.openAi.completions(body);
            case CHAT -> core.openAi.chat(body);
            case GENERATE -> core.generate.parse(body);
        };
        FaultSpec fault = core.faults.streamFault(requestFault);
        String base = requestIdHeader != null ? requestIdHeader : g.requestId() != null ? g.requestId() : Ids.hex32();
        String id = switch (api) {
            case COMPLETIONS -> "cmpl-" + base;
            case CHAT -> "chatcmpl-" + base;
            case GENERATE -> base;
        };
        ResponseMeta meta =
                new ResponseMeta(id, System.currentTimeMillis() / 1000, g.model(), g, core.options, arrival);
        Timeline timeline = null;
        if (core.options.recording().recordTimings() || isTrue(req.getHeader(X_SIM_RECORD_TIMINGS))) {
            int promptTokens = 0;
            for (var p : g.prompts()) {
                promptTokens += p.ids().length;
            }
            timeline = new Timeline(id, requestIdHeader, g.stream(), arrival, promptTokens);
            core.timings.add(timeline);
        }
        Session session;
        if (g.stream()) {
            StreamFormat format = api == GenerationRequest.Api.GENERATE
                    ? new SglangFormat(meta)
                    : new OpenAiStreamFormat(meta, shape);
            SplittableRandom split = core.options.streaming().splitWrites()
                    ? new SplittableRandom(core.options.seed() * 1_000_003 + splitSeeds.incrementAndGet())
                    : null;
            session = new StreamSession(
                    core,
                    req,
                    meta,
                    timeline,
                    fault,
                    requestIdHeader,
                    shape,
                    format,
                    api == GenerationRequest.Api.GENERATE,
                    split);
        } else {
            BodyFormat format =
                    api == GenerationRequest.Api.GENERATE ? new SglangFormat(meta) : new OpenAiBodyFormat(meta);
            session = new UnarySession(core, req, meta, timeline, fault, requestIdHeader, shape, format);
        }
        List<Sequence> seqs = Sequences.create(core.options, g, session, arrival, core.nextEntropy());
        session.start(seqs);
    }

    private JsonNode parseJson(Buffer raw) {
        byte[] bytes = raw.getBytes();
        if (bytes.length == 0) {
            // FastAPI validates a missing body as the whole request model
            throw ApiError.validation("", "missing", "Field required", "None");
        }
        try {
            JsonNode node = reader.readTree(bytes);
            if (node == null || node.isMissingNode()) {
                throw jsonInvalid(new String(bytes, StandardCharsets.UTF_8), 0, "Expecting value");
            }
            return node;
        } catch (JsonProcessingException e) {
            long offset = e.getLocation() == null ? 0 : e.getLocation().getCharOffset();
            throw jsonInvalid(new String(bytes, StandardCharsets.UTF_8), offset, e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw jsonInvalid(new String(bytes, StandardCharsets.UTF_8), 0, e.getMessage());
        }
    }

    /**
     * FastAPI's {@code json_invalid} error with Python's {@code json} message and character position; the Java
     * parser's own text only where Python would have accepted the body (NaN, very deep nesting).
     */
    private static ApiError jsonInvalid(String text, long offset, String detail) {
        JsonSyntax.Error python = JsonSyntax.find(text);
        long pos = python != null ? python.position() : Math.max(0, offset);
        String msg = python != null ? python.message() : firstLine(detail);
        return ApiError.validation(List.of("{'type': 'json_invalid', 'loc': ('body', " + pos
                + "), 'msg': 'JSON decode error', 'input': {}, 'ctx': {'error': " + ApiError.pyStr(msg) + "}}"));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semi = contentType.indexOf(';');
        String media = (semi < 0 ? contentType : contentType.substring(0, semi)).trim();
        return media.equalsIgnoreCase("application/json");
    }

    private static boolean isTrue(String header) {
        return header != null
                && (header.equals("1") || header.equalsIgnoreCase("true") || header.equalsIgnoreCase("yes"));
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
