package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.tokens.IntList;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses and validates {@code /v1/completions} and {@code /v1/chat/completions} bodies with vLLM's defaults and
 * messages (SGLang's OpenAI endpoints differ only where noted). Unknown fields are ignored.
 */
public final class OpenAiParser {
    private final SimulatorOptions options;

    public OpenAiParser(SimulatorOptions options) {
        this.options = options;
    }

    public GenerationRequest completions(JsonNode body) {
        requireObject(body);
        String model = model(body);
        boolean echo = Params.bool(body, "echo", "echo", false);
        Sampling sampling = sampling(body, false);
        Integer logprobs = Params.optInt(body, "logprobs", "logprobs");
        if (logprobs != null && logprobs < -1) {
            throw ApiError.badRequest("logprobs must be non-negative or -1, got " + logprobs + ".", "logprobs");
        }
        int topN = logprobs == null ? GenerationRequest.NO_LOGPROBS : checkLogprobs(logprobs, "logprobs");
        List<PromptInput> prompts = new ArrayList<>();
        for (Prompt p : prompts(body)) {
            int[] ids = truncate(p.ids, sampling.truncatePromptTokens());
            PromptInput in = new PromptInput(ids, p.text, ids, 0, ids.length, sampling);
            prompts.add(in.withSampling(ContextCheck.resolve(options, in, GenerationRequest.Api.COMPLETIONS)));
        }
        return request(body, GenerationRequest.Api.COMPLETIONS, model, echo, topN, prompts);
    }

    public GenerationRequest chat(JsonNode body) {
        requireObject(body);
        String model = model(body);
        Sampling sampling = sampling(body, true);
        boolean addGen = Params.bool(body, "add_generation_prompt", "add_generation_prompt", true);
        boolean cont = Params.bool(body, "continue_final_message", "continue_final_message", false);
        if (addGen && cont && body.has("add_generation_prompt")) {
            throw ApiError.badRequest("Cannot set both `continue_final_message` and `add_generation_prompt` to True.");
        }
        Boolean logprobs = Params.optBool(body, "logprobs", "logprobs");
        Integer topLogprobs = Params.optInt(body, "top_logprobs", "top_logprobs");
        if (topLogprobs != null && topLogprobs != 0 && !Boolean.TRUE.equals(logprobs)) {
            throw ApiError.badRequest("when using `top_logprobs`, `logprobs` must be set to true.", "top_logprobs");
        }
        if (topLogprobs != null && topLogprobs < 0) {
            throw ApiError.badRequest("`top_logprobs` must be a positive value.", "top_logprobs");
        }
        int topN = Boolean.TRUE.equals(logprobs)
                ? checkLogprobs(topLogprobs == null ? 0 : topLogprobs, "top_logprobs")
                : GenerationRequest.NO_LOGPROBS;
        JsonNode tools = Params.field(body, "tools");
        if (tools != null && (!tools.isArray() || tools.isEmpty())) {
            throw ApiError.badRequest("`tools` must be a non-empty list of tool definitions.", "tools");
        }
        JsonNode toolChoice = Params.field(body, "tool_choice");
        if (toolChoice != null && tools == null && !"none".equals(toolChoice.asText())) {
            throw ApiError.badRequest("When using `tool_choice`, `tools` must be set.", "tool_choice");
        }
        ChatTemplate.Rendered r = ChatTemplate.render(body.get("messages"), addGen, cont);
        int[] ids = truncate(r.ids(), sampling.truncatePromptTokens());
        PromptInput in = new PromptInput(ids, null, r.lastUserIds(), r.mediaSalt(), r.firstMediaPos(), sampling);
        List<PromptInput> prompts =
                List.of(in.withSampling(ContextCheck.resolve(options, in, GenerationRequest.Api.CHAT)));
        return request(body, GenerationRequest.Api.CHAT, model, false, topN, prompts);
    }

    /** vLLM's engine-side bound ({@code --max-logprobs}); -1 asks for the whole vocabulary. */
    private int checkLogprobs(int requested, String param) {
        int n = requested == -1 ? options.capacity().vocabSize() : requested;
        int max = options.capacity().maxLogprobs();
        if (n > max) {
            throw ApiError.badRequest(
                    "Requested sample logprobs of " + n + ", which is greater than max allowed: " + max, param);
        }
        return n;
    }

    private GenerationRequest request(
            JsonNode body,
            GenerationRequest.Api api,
            String model,
            boolean echo,
            int logprobs,
            List<PromptInput> prompts) {
        boolean stream = Params.bool(body, "stream", "stream", false);
        JsonNode streamOptions = Params.optObject(body, "stream_options", "stream_options");
        if (streamOptions != null && !stream) {
            throw ApiError.badRequest("Stream options can only be defined when `stream=True`.", "stream_options");
        }
        boolean includeUsage = options.compatibility().enableForceIncludeUsage()
                || (streamOptions != null
                        && Params.bool(streamOptions, "include_usage", "stream_options.include_usage", true));
        boolean continuous = includeUsage
                && streamOptions != null
                && Params.bool(streamOptions, "continuous_usage_stats", "stream_options.continuous_usage_stats", false);
        boolean returnIds = Params.bool(body, "return_token_ids", "return_token_ids", false);
        String requestId = Params.optString(body, "request_id", "request_id");
        Integer interval = Params.optInt(body, "stream_interval", "stream_interval");
        if (interval != null && interval < 1) {
            throw ApiError.badRequest("stream_interval must be at least 1, got " + interval + ".", "stream_interval");
        }
        return new GenerationRequest(
                api,
                model,
                stream,
                includeUsage,
                continuous,
                returnIds,
                echo,
                false,
                requestId,
                interval == null ? 0 : interval,
                logprobs,
                false,
                prompts);
    }

    private static void requireObject(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiError.validation(
                    "",
                    "model_attributes_type",
                    "Input should be a valid dictionary or object to extract fields from",
                    Params.repr(body));
        }
    }

    /** The model name to report; vLLM answers 404 for names it does not serve, SGLang does not check. */
    private String model(JsonNode body) {
        String model = Params.optString(body, "model", "model");
        if (model == null) {
            return options.identity().servedModelName();
        }
        if (options.identity().sglang()) {
            return model;
        }
        if (!options.identity().servedModelNames().contains(model)) {
            throw ApiError.notFound("The model `" + model + "` does not exist.", "model");
        }
        return options.identity().servedModelName();
    }

    private Sampling sampling(JsonNode body, boolean chat) {
        Integer maxTokens = Params.optInt(body, "max_tokens", "max_tokens");
        if (chat) {
            Integer mct = Params.optInt(body, "max_completion_tokens", "max_completion_tokens");
            if (mct != null) {
                maxTokens = mct;
            }
        } else if (maxTokens == null) {
            maxTokens = 16;
        }
        if (maxTokens != null && maxTokens < 1) {
            throw ApiError.badRequest("max_tokens must be at least 1, got " + maxTokens + ".", "max_tokens");
        }
        int n = orDefault(Params.optInt(body, "n", "n"), 1);
        if (n < 1) {
            throw ApiError.badRequest("n must be at least 1, got " + n + ".", "n");
        }
        double temperature = orDefault(Params.optDouble(body, "temperature", "temperature"), 1.0);
        if (temperature < 0) {
            throw ApiError.badRequest("temperature must be non-negative, got " + temperature + ".", "temperature");
        }
        Double topP = Params.optDouble(body, "top_p", "top_p");
        if (topP != null && !(topP > 0 && topP <= 1)) {
            throw ApiError.badRequest("top_p must be in (0, 1], got " + topP + ".", "top_p");
        }
        Integer topK = Params.optInt(body, "top_k", "top_k");
        if (topK != null && topK < -1) {
            throw ApiError.badRequest("top_k must be 0 (disable), or at least 1, got " + topK + ".", "top_k");
        }
        Double minP = Params.optDouble(body, "min_p", "min_p");
        if (minP != null && !(minP >= 0 && minP <= 1)) {
            throw ApiError.badRequest("min_p must be in [0, 1], got " + minP + ".", "min_p");
        }
        Double repetition = Params.optDouble(body, "repetition_penalty", "repetition_penalty");
        if (repetition != null && !(repetition > 0)) {
            throw ApiError.badRequest(
                    "repetition_penalty must be greater than zero, got " + repetition + ".", "repetition_penalty");
        }
        for (String penalty : new String[] {"presence_penalty", "frequency_penalty"}) {
            Double v = Params.optDouble(body, penalty, penalty);
            if (v != null && !(v >= -2 && v <= 2)) {
                throw ApiError.badRequest(penalty + " must be in [-2, 2], got " + v + ".", penalty);
            }
        }
        int minTokens = orDefault(Params.optInt(body, "min_tokens", "min_tokens"), 0);
        if (minTokens < 0) {
            throw ApiError.badRequest(
                    "min_tokens must be greater than or equal to 0, got " + minTokens + ".", "min_tokens");
        }
        if (maxTokens != null && minTokens > maxTokens) {
            throw ApiError.badRequest(
                    "min_tokens must be less than or equal to max_tokens=" + maxTokens + ", got " + minTokens + ".",
                    "min_tokens");
        }
        Long seed = Params.optLong(body, "seed", "seed");
        Integer priority = Params.optInt(body, "priority", "priority");
        if (priority != null && priority != 0) {
            throw ApiError.badRequest(
                    "Got priority " + priority + " but Priority scheduling is not enabled.", "priority");
        }
        Integer truncate = Params.optInt(body, "truncate_prompt_tokens", "truncate_prompt_tokens");
        if (truncate != null && truncate != -1 && truncate < 1) {
            throw ApiError.badRequest(
                    "truncate_prompt_tokens must be >= 1 or -1, got " + truncate + ".", "truncate_prompt_tokens");
        }
        return new Sampling(
                maxTokens == null ? -1 : maxTokens,
                minTokens,
                Params.bool(body, "ignore_eos", "ignore_eos", false),
                Params.stringOrList(body, "stop", "stop"),
                Params.bool(body, "include_stop_str_in_output", "include_stop_str_in_output", false),
                Params.intList(body, "stop_token_ids", "stop_token_ids"),
                seed,
                temperature,
                n,
                Constraints.parse(body),
                Params.optString(body, "cache_salt", "cache_salt"),
                truncate == null || truncate == -1 ? null : truncate);
    }

    private static <T> T orDefault(T value, T fallback) {
        return value == null ? fallback : value;
    }

    private record Prompt(int[] ids, String text) {}

    private List<Prompt> prompts(JsonNode body) {
        JsonNode p = Params.field(body, "prompt");
        if (p == null) {
            throw ApiError.badRequest("Either prompt or prompt_embeds must be provided and non-empty.", "prompt");
        }
        PromptUnion.check(p);
        List<Prompt> out = new ArrayList<>();
        if (p.isTextual()) {
            out.add(textPrompt(p.asText(), body));
        } else if (p.isArray()) {
            if (p.isEmpty()) {
                throw ApiError.badRequest("Prompt cannot be empty", "prompt");
            }
            JsonNode first = p.get(0);
            if (first.isNumber()) {
                out.add(new Prompt(ids(p, "prompt"), null));
            } else {
                for (int i = 0; i < p.size(); i++) {
                    JsonNode e = p.get(i);
                    if (e.isTextual()) {
                        out.add(textPrompt(e.asText(), body));
                    } else if (e.isArray()) {
                        if (e.isEmpty()) {
                            throw ApiError.badRequest("Prompt cannot be empty", "prompt");
                        }
                        out.add(new Prompt(ids(e, "prompt." + i), null));
                    } else {
                        throw ApiError.validation(
                                "prompt." + i, "string_type", "Input should be a valid string", Params.repr(e));
                    }
                }
            }
        } else {
            throw ApiError.validation("prompt", "string_type", "Input should be a valid string", Params.repr(p));
        }
        return out;
    }

    private Prompt textPrompt(String text, JsonNode body) {
        if (text.isEmpty()) {
            throw ApiError.badRequest("Prompt cannot be empty", "prompt");
        }
        IntList ids = new IntList(text.length() / 3 + 2);
        if (Params.bool(body, "add_special_tokens", "add_special_tokens", true)) {
            ids.add(SimTokenizer.BOS);
        }
        SimTokenizer.INSTANCE.encode(text, ids);
        return new Prompt(ids.toArray(), text);
    }

    private int[] ids(JsonNode array, String path) {
        int[] ids = new int[array.size()];
        for (int i = 0; i < ids.length; i++) {
            JsonNode v = array.get(i);
            // a plain int (every real client's token id) needs no error path, so no per-token path string
            ids[i] = v.isInt() ? v.intValue() : Params.toInt(v, path + "." + i);
            if (ids[i] < 0 || ids[i] >= options.capacity().vocabSize()) {
                throw ApiError.badRequest("Token id " + ids[i] + " is out of vocabulary", path);
            }
        }
        return ids;
    }

    private static int[] truncate(int[] ids, Integer keepLast) {
        if (keepLast == null || keepLast >= ids.length) {
            return ids;
        }
        return java.util.Arrays.copyOfRange(ids, ids.length - keepLast, ids.length);
    }
}
