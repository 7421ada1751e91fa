package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.tokens.IntList;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses SGLang's native {@code /generate} body ({@code GenerateReqInput}): {@code text} or {@code input_ids}, one
 * or a batch; {@code sampling_params} as one object or one per prompt (SGLang names: {@code max_new_tokens} default
 * 128, {@code min_new_tokens}, {@code sampling_seed}, {@code no_stop_trim}, {@code json_schema} as a string …);
 * {@code image_data} adds image placeholder tokens in front of the prompt. Errors carry SGLang's messages.
 */
public final class GenerateParser {
    private final SimulatorOptions options;

    public GenerateParser(SimulatorOptions options) {
        this.options = options;
    }

    /** The parsed request; {@link GenerationRequest#requestId()} holds the first {@code rid} if any. */
    public GenerationRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiError.validation(
                    "",
                    "model_attributes_type",
                    "Input should be a valid dictionary or object to extract fields from",
                    Params.repr(body));
        }
        List<int[]> ids = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        boolean batch = inputs(body, ids, texts);
        JsonNode sp = Params.field(body, "sampling_params");
        List<PromptInput> prompts = new ArrayList<>();
        List<String> images = images(body);
        for (int i = 0; i < ids.size(); i++) {
            JsonNode params = sp == null ? null : sp.isArray() ? sp.get(Math.min(i, sp.size() - 1)) : sp;
            Sampling s = sampling(params == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : params);
            int[] prompt = ids.get(i);
            long mediaSalt = 0;
            int firstMedia = prompt.length;
            if (i < images.size() && images.get(i) != null) {
                IntList withImage = new IntList(prompt.length + 256);
                withImage.repeat(SimTokenizer.IMAGE, ImageTokens.count(images.get(i), "image_data"));
                withImage.addAll(prompt, 0, prompt.length);
                prompt = withImage.toArray();
                mediaSalt = images.get(i).hashCode() | 1L;
                firstMedia = 0;
            }
            PromptInput in = new PromptInput(prompt, texts.get(i), ids.get(i), mediaSalt, firstMedia, s);
            prompts.add(in.withSampling(ContextCheck.resolve(options, in, GenerationRequest.Api.GENERATE)));
        }
        boolean stream = Params.bool(body, "stream", "stream", false);
        JsonNode rid = Params.field(body, "rid");
        String requestId = rid == null ? null : rid.isArray() ? rid.path(0).asText(null) : rid.asText();
        boolean asArray = batch || prompts.get(0).sampling().n() > 1;
        JsonNode rl = Params.field(body, "return_logprob");
        boolean logprob = rl != null
                && (rl.isArray()
                        ? rl.path(0).asBoolean(false)
                        : Params.bool(body, "return_logprob", "return_logprob", false));
        JsonNode tn = Params.field(body, "top_logprobs_num");
        int top = tn == null ? 0 : Params.toInt(tn.isArray() ? tn.path(0) : tn, "top_logprobs_num");
        if (top < 0) {
            throw ApiError.badRequest("top_logprobs_num must be non-negative, got " + top + ".");
        }
        return new GenerationRequest(
                GenerationRequest.Api.GENERATE,
                options.identity().servedModelName(),
                stream,
                false,
                false,
                true,
                false,
                asArray,
                requestId,
                0,
                logprob ? top : GenerationRequest.NO_LOGPROBS,
                logprob && Params.bool(body, "return_text_in_logprobs", "return_text_in_logprobs", false),
                prompts);
    }

    /** Fills ids/texts; returns true for batch input. */
    private boolean inputs(JsonNode body, List<int[]> ids, List<String> texts) {
        JsonNode text = Params.field(body, "text");
        JsonNode inputIds = Params.field(body, "input_ids");
        if (text != null && inputIds != null) {
            throw ApiError.badRequest("Either text, input_ids or input_embeds should be provided, not several.");
        }
        if (text != null) {
            if (text.isTextual()) {
                addText(text.asText(), ids, texts);
                return false;
            }
            if (text.isArray() && !text.isEmpty()) {
                for (int i = 0; i < text.size(); i++) {
                    if (!text.get(i).isTextual()) {
                        throw ApiError.badRequest("text must be a string or a list of strings.");
                    }
                    addText(text.get(i).asText(), ids, texts);
                }
                return true;
            }
            throw ApiError.badRequest("text must be a string or a non-empty list of strings.");
        }
        if (inputIds != null) {
            if (!inputIds.isArray() || inputIds.isEmpty()) {
                throw ApiError.badRequest("input_ids cannot be empty.");
            }
            if (inputIds.get(0).isArray()) {
                for (int i = 0; i < inputIds.size(); i++) {
                    ids.add(idList(inputIds.get(i)));
                    texts.add(null);
                }
                return true;
            }
            ids.add(idList(inputIds));
            texts.add(null);
            return false;
        }
        throw ApiError.badRequest("Either text, input_ids or input_embeds should be provided.");
    }

    private void addText(String text, List<int[]> ids, List<String> texts) {
        IntList out = new IntList(text.length() / 3 + 2);
        out.add(SimTokenizer.BOS);
        SimTokenizer.INSTANCE.encode(text, out);
        ids.add(out.toArray());
        texts.add(text);
    }

    private int[] idList(JsonNode array) {
        if (!array.isArray() || array.isEmpty()) {
            throw ApiError.badRequest("input_ids cannot be empty.");
        }
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = array.get(i);
            if (!v.isIntegralNumber()) {
                throw ApiError.badRequest("input_ids must contain integers, got " + Params.repr(v) + ".");
            }
            out[i] = v.intValue();
            if (out[i] < 0 || out[i] >= options.capacity().vocabSize()) {
                throw ApiError.badRequest("The input_ids " + out[i] + " is out of the vocabulary range.");
            }
        }
        return out;
    }

    private static List<String> images(JsonNode body) {
        JsonNode img = Params.field(body, "image_data");
        List<String> out = new ArrayList<>();
        if (img == null) {
            return out;
        }
        if (img.isTextual()) {
            out.add(img.asText());
        } else if (img.isArray()) {
            for (JsonNode e : img) {
                out.add(
                        e.isTextual()
                                ? e.asText()
                                : e.isArray() && !e.isEmpty() ? e.get(0).asText() : null);
            }
        }
        return out;
    }

    private static Sampling sampling(JsonNode p) {
        if (!p.isNull() && !p.isObject()) {
            throw ApiError.badRequest("sampling_params must be an object or a list of objects.");
        }
        JsonNode maxNode = p.get("max_new_tokens");
        int max = maxNode == null ? 128 : maxNode.isNull() ? -1 : Params.toInt(maxNode, "max_new_tokens");
        if (max < 0 && maxNode != null && !maxNode.isNull()) {
            throw ApiError.badRequest("max_new_tokens must be at least 0, got " + max + ".");
        }
        if (max == 0) {
            max = 1;
        }
        int min = p.isNull() ? 0 : orZero(Params.optInt(p, "min_new_tokens", "min_new_tokens"));
        if (min < 0 || (max >= 0 && min > max)) {
            throw ApiError.badRequest("min_new_tokens must be in [0, max_new_tokens], got " + min + ".");
        }
        double temperature = p.isNull() ? 1.0 : orOne(Params.optDouble(p, "temperature", "temperature"));
        if (temperature < 0) {
            throw ApiError.badRequest("temperature must be non-negative, got " + temperature + ".");
        }
        Double topP = p.isNull() ? null : Params.optDouble(p, "top_p", "top_p");
        if (topP != null && !(topP > 0 && topP <= 1)) {
            throw ApiError.badRequest("top_p must be in (0, 1], got " + topP + ".");
        }
        Integer topK = p.isNull() ? null : Params.optInt(p, "top_k", "top_k");
        if (topK != null && topK != -1 && topK < 1) {
            throw ApiError.badRequest("top_k must be -1 (disable), or at least 1, got " + topK + ".");
        }
        int n = p.isNull() ? 1 : Math.max(1, orOneInt(Params.optInt(p, "n", "n")));
        int kinds = 0;
        for (String k : new String[] {"json_schema", "regex", "ebnf"}) {
            if (!p.isNull() && Params.field(p, k) != null) {
                kinds++;
            }
        }
        if (kinds > 1) {
            throw ApiError.badRequest("Only one of regex, json_schema, or ebnf can be set.");
        }
        Constraint constraint = null;
        if (!p.isNull() && Params.field(p, "json_schema") != null) {
            JsonNode js = p.get("json_schema");
            constraint =
                    js.isTextual() ? Constraints.schemaString(js.asText(), "json_schema") : new Constraint.Schema(js);
        }
        return new Sampling(
                max,
                min,
                !p.isNull() && Params.bool(p, "ignore_eos", "ignore_eos", false),
                p.isNull() ? List.of() : Params.stringOrList(p, "stop", "stop"),
                !p.isNull() && Params.bool(p, "no_stop_trim", "no_stop_trim", false),
                p.isNull() ? new int[0] : Params.intList(p, "stop_token_ids", "stop_token_ids"),
                p.isNull() ? null : Params.optLong(p, "sampling_seed", "sampling_seed"),
                temperature,
                n,
                constraint,
                null,
                null);
    }

    private static int orZero(Integer v) {
        return v == null ? 0 : v;
    }

    private static int orOneInt(Integer v) {
        return v == null ? 1 : v;
    }

    private static double orOne(Double v) {
        return v == null ? 1.0 : v;
    }
}
