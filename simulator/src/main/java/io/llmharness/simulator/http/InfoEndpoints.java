package io.llmharness.simulator.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.metrics.SglangExposition;
import io.llmharness.simulator.metrics.VllmExposition;
import io.llmharness.simulator.metrics.VllmMetricSet;
import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.request.ChatTemplate;
import io.llmharness.simulator.request.Params;
import io.llmharness.simulator.tokens.IntList;
import io.llmharness.simulator.tokens.SimTokenizer;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;

/** Health, version, models, metrics, load, tokenize/detokenize: the endpoints both personas share (mostly). */
final class InfoEndpoints {
    static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";
    private final ServerCore core;
    private final VllmExposition vllmMetrics;
    private final SglangExposition sglangMetrics;

    InfoEndpoints(ServerCore core) {
        this.core = core;
        var o = core.options;
        String[] cacheLabels = {
            "block_size", Integer.toString(o.capacity().blockSize()),
            "cache_dtype", "auto",
            "enable_prefix_caching", o.capacity().enablePrefixCaching() ? "True" : "False",
            "gpu_memory_utilization", "0.9",
            "num_cpu_blocks", "None",
            "num_gpu_blocks", Integer.toString(core.engines.kvBlocks()),
            "sliding_window", "None",
            "swap_space", "4"
        };
        this.vllmMetrics = new VllmExposition(
                core.engines.metrics(),
                o.identity().servedModelName(),
                VllmMetricSet.of(o.reportedVersion(), o.compatibility().legacyMetrics()),
                cacheLabels);
        this.sglangMetrics = new SglangExposition(
                core.engines.metrics(),
                o.identity().servedModelName(),
                core.engines.kvCapacityTokens() * o.parallelism().dataParallelSize());
    }

    /** vLLM {@code /health} and {@code /ping}; SGLang {@code /health}. 200 empty when ready, else 503. */
    void health(HttpServerRequest req) {
        Responses.empty(core, req.response(), core.health() == ServerCore.Health.READY ? 200 : 503);
    }

    /** SGLang {@code /ping}: 200 whenever HTTP is up. */
    void ping(HttpServerRequest req) {
        Responses.empty(core, req.response(), 200);
    }

    void version(HttpServerRequest req) {
        String version = core.options.reportedVersion();
        Responses.json(core, req.response(), 200, Buffer.buffer("{\"version\":\"" + version + "\"}"));
    }

    void load(HttpServerRequest req) {
        Responses.json(core, req.response(), 200, Buffer.buffer("{\"server_load\":" + core.inFlight() + "}"));
    }

    void models(HttpServerRequest req) {
        ObjectNode root = core.mapper.createObjectNode();
        root.put("object", "list");
        ArrayNode data = root.putArray("data");
        long created = core.startMillis / 1000;
        for (String name : core.options.identity().servedModelNames()) {
            data.add(model(name, created));
        }
        json(req, root);
    }

    /** SGLang {@code GET /v1/models/{id}}. */
    void model(HttpServerRequest req) {
        String id = req.path().substring("/v1/models/".length());
        if (!core.options.identity().servedModelNames().contains(id)) {
            Responses.json(
                    core,
                    req.response(),
                    404,
                    Buffer.buffer("{\"error\":{\"message\":\"The model '"
                            + id.replace("\"", "") + "' does not exist\",\"type\":\"invalid_request_error\",\"param\":"
                            + "\"model\",\"code\":\"model_not_found\"}}"));
            return;
        }
        json(req, model(id, core.startMillis / 1000));
    }

    private ObjectNode model(String name, long created) {
        ObjectNode m = core.mapper.createObjectNode();
        m.put("id", name);
        m.put("object", "model");
        m.put("created", created);
        boolean sglang = core.options.identity().sglang();
        m.put("owned_by", sglang ? "sglang" : "vllm");
        m.put("root", sglang ? name : core.options.identity().model());
        if (!sglang) {
            m.putNull("parent");
        }
        m.put("max_model_len", core.options.capacity().maxModelLen());
        if (!sglang) {
            ObjectNode p = m.putArray("permission").addObject();
            p.put("id", "modelperm-" + Ids.hex32());
            p.put("object", "model_permission");
            p.put("created", created);
            p.put("allow_create_engine", false);
            p.put("allow_sampling", true);
            p.put("allow_logprobs", true);
            p.put("allow_search_indices", false);
            p.put("allow_view", true);
            p.put("allow_fine_tuning", false);
            p.put("organization", "*");
            p.putNull("group");
            p.put("is_blocking", false);
        }
        return m;
    }

    void metrics(HttpServerRequest req) {
        String text = core.options.identity().sglang() ? sglangMetrics.render() : vllmMetrics.render();
        Responses.text(core, req.response(), 200, PROMETHEUS, text);
    }

    void tokenize(HttpServerRequest req) {
        withBody(req, body -> {
            checkModel(body);
            IntList ids = new IntList(64);
            if (body.has("messages")) {
                boolean addGen = Params.bool(body, "add_generation_prompt", "add_generation_prompt", true);
                boolean cont = Params.bool(body, "continue_final_message", "continue_final_message", false);
                ids.addAll(IntList.of(
                        ChatTemplate.render(body.get("messages"), addGen, cont).ids()));
            } else {
                String prompt = Params.optString(body, "prompt", "prompt");
                if (prompt == null) {
                    throw ApiError.validation("prompt", "missing", "Field required", null);
                }
                if (Params.bool(body, "add_special_tokens", "add_special_tokens", true)) {
                    ids.add(SimTokenizer.BOS);
                }
                SimTokenizer.INSTANCE.encode(prompt, ids);
            }
            if (ids.size() > core.options.capacity().maxModelLen()) {
                throw ApiError.badRequest(
                        "This model's maximum context length is "
                                + core.options.capacity().maxModelLen()
                                + " tokens. However, your request has " + ids.size()
                                + " input tokens. Please reduce the "
                                + "length of the input.",
                        "input_tokens");
            }
            JsonBytes out = new JsonBytes(64 + ids.size() * 7);
            out.ascii("{\"count\":")
                    .num(ids.size())
                    .ascii(",\"max_model_len\":")
                    .num(core.options.capacity().maxModelLen());
            out.ascii(",\"tokens\":").ints(ids.backingArray(), 0, ids.size()).ascii(",\"token_strs\":");
            if (Params.bool(body, "return_token_strs", "return_token_strs", false)) {
                out.ch('[');
                for (int i = 0; i < ids.size(); i++) {
                    if (i > 0) {
                        out.ch(',');
                    }
                    out.str(SimTokenizer.INSTANCE.pieceOf(ids.get(i)));
                }
                out.ch(']');
            } else {
                out.ascii("null");
            }
            Responses.json(core, req.response(), 200, out.ch('}').toBuffer());
        });
    }

    void detokenize(HttpServerRequest req) {
        withBody(req, body -> {
            checkModel(body);
            if (Params.field(body, "tokens") == null) {
                throw ApiError.validation("tokens", "missing", "Field required", null);
            }
            int[] ids = Params.intList(body, "tokens", "tokens");
            JsonBytes out = new JsonBytes(64 + ids.length * 4);
            out.ascii("{\"prompt\":").str(SimTokenizer.INSTANCE.decode(ids)).ch('}');
            Responses.json(core, req.response(), 200, out.toBuffer());
        });
    }

    private void checkModel(JsonNode body) {
        String model = Params.optString(body, "model", "model");
        if (model != null
                && core.options.identity().persona() == Persona.VLLM
                && !core.options.identity().servedModelNames().contains(model)) {
            throw ApiError.notFound("The model `" + model + "` does not exist.", "model");
        }
    }

    /** Reads a JSON body and runs {@code handler}; errors come back in the OpenAI shape. */
    void withBody(HttpServerRequest req, java.util.function.Consumer<JsonNode> handler) {
        req.body().onSuccess(buf -> {
            try {
                JsonNode body;
                try {
                    body = core.mapper.readTree(buf.getBytes());
                } catch (java.io.IOException e) {
                    throw new ApiError(
                            400,
                            ApiError.VALIDATION_TYPE,
                            "1 validation error:\n  {'type': "
                                    + "'json_invalid', 'loc': ('body', 0), 'msg': 'JSON decode error'}",
                            "body");
                }
                if (body == null || !body.isObject()) {
                    throw ApiError.validation(
                            "",
                            "model_attributes_type",
                            "Input should be a valid dictionary or object to extract fields from",
                            null);
                }
                handler.accept(body);
            } catch (ApiError e) {
                Responses.error(core, req.response(), core.openAiErrorShape(), e);
            }
        });
    }

    private void json(HttpServerRequest req, JsonNode node) {
        try {
            Responses.json(core, req.response(), 200, Buffer.buffer(core.mapper.writeValueAsBytes(node)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
