package io.llmharness.simulator.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.SimulatorOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;

/** SGLang-only endpoints: model/server info, {@code /health_generate}, {@code /flush_cache}, {@code /get_load}. */
final class SglangEndpoints {
    private final ServerCore core;

    SglangEndpoints(ServerCore core) {
        this.core = core;
    }

    void modelInfo(HttpServerRequest req) {
        ObjectNode n = core.mapper.createObjectNode();
        n.put("model_path", core.options.identity().model());
        n.put("tokenizer_path", core.options.identity().model());
        n.put("is_generation", true);
        n.putNull("preferred_sampling_params");
        n.put("weight_version", "default");
        n.put("has_image_understanding", true);
        n.put("has_audio_understanding", false);
        n.put("model_type", "llama");
        n.putArray("architectures").add("LlamaForCausalLM");
        send(req, n);
    }

    void serverInfo(HttpServerRequest req) {
        SimulatorOptions o = core.options;
        ObjectNode n = core.mapper.createObjectNode();
        n.put("model_path", o.identity().model());
        n.put("tokenizer_path", o.identity().model());
        n.put("host", o.http().host());
        n.put("port", o.http().port());
        n.put("served_model_name", o.identity().servedModelName());
        n.put("context_length", o.capacity().maxModelLen());
        n.put("tp_size", o.parallelism().tensorParallelSize());
        n.put("dp_size", o.parallelism().dataParallelSize());
        n.put("max_running_requests", o.capacity().maxNumSeqs());
        n.put("chunked_prefill_size", o.capacity().maxNumBatchedTokens());
        n.put("page_size", o.capacity().blockSize());
        n.put("mem_fraction_static", 0.88);
        n.put("random_seed", o.seed());
        n.put("enable_metrics", o.metricsEnabled());
        n.put("disable_radix_cache", !o.capacity().enablePrefixCaching());
        n.put("skip_server_warmup", o.lifecycle().skipWarmup());
        n.put("stream_interval", o.streaming().streamInterval());
        n.put("incremental_streaming_output", o.streaming().incrementalStreamingOutput());
        n.put("max_total_num_tokens", core.engines.kvCapacityTokens());
        n.put("max_req_input_len", o.capacity().maxModelLen() - 1);
        ObjectNode state = n.putArray("internal_states").addObject();
        state.put("last_gen_throughput", 0.0);
        state.putNull("avg_spec_accept_length");
        state.put("num_running_reqs", core.engines.metrics().get(0).running());
        n.put("version", o.identity().version());
        send(req, n);
    }

    /** Runs a 1-token generation; 200 when it completes, 503 while warming up or when it fails. */
    void healthGenerate(HttpServerRequest req) {
        if (core.health() != ServerCore.Health.READY) {
            Responses.empty(core, req.response(), 503);
            return;
        }
        InternalGeneration.run(core, 1)
                .onComplete(ar -> Responses.empty(core, req.response(), ar.succeeded() ? 200 : 503));
    }

    void flushCache(HttpServerRequest req) {
        if (core.engines.load() > 0) {
            Responses.text(
                    core,
                    req.response(),
                    400,
                    "text/plain; charset=utf-8",
                    "Cache not flushed. Please check backend logs for more details. (When there are running or "
                            + "waiting requests, the operation will not be performed.)\n");
            return;
        }
        core.engines.clearPrefixCache();
        Responses.text(
                core,
                req.response(),
                200,
                "text/plain; charset=utf-8",
                "Cache flushed.\nPlease check backend logs for more details. (When there are running or waiting "
                        + "requests, the operation will not be performed.)\n");
    }

    void load(HttpServerRequest req) {
        StringBuilder sb = new StringBuilder("[");
        var metrics = core.engines.metrics();
        for (int i = 0; i < metrics.size(); i++) {
            var m = metrics.get(i);
            if (i > 0) {
                sb.append(',');
            }
            sb.append("{\"dp_rank\":")
                    .append(i)
                    .append(",\"num_reqs\":")
                    .append(m.running() + m.waiting())
                    .append(",\"num_waiting_reqs\":")
                    .append(m.waiting())
                    .append('}');
        }
        Responses.json(core, req.response(), 200, Buffer.buffer(sb.append(']').toString()));
    }

    private void send(HttpServerRequest req, ObjectNode n) {
        try {
            Responses.json(core, req.response(), 200, Buffer.buffer(core.mapper.writeValueAsBytes(n)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
