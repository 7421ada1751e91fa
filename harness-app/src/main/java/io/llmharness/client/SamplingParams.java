package io.llmharness.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Generation parameters in neutral names; each endpoint adapter maps them to its API's fields
 * ({@code max_tokens} / {@code max_completion_tokens} / {@code sampling_params.max_new_tokens}, …).
 * A {@code null} component is not sent, so the server's default (or the model's generation_config) applies.
 *
 * @param maxTokens maximum number of output tokens
 * @param minTokens minimum number of output tokens (EOS suppressed until reached)
 * @param temperature sampling temperature; 0 = greedy
 * @param topK top-k; -1 or 0 = disabled (sent as given)
 * @param topP nucleus sampling probability in (0, 1]
 * @param seed sampling seed
 * @param ignoreEos keep generating past EOS (fixed output lengths for benchmarks)
 * @param stop stop strings
 * @param jsonSchema JSON schema for guided decoding (sent as {@code response_format} json_schema or
 *     {@code structured_outputs.json}, as the endpoint expects); null = unconstrained
 * @param extra further body fields sent verbatim (e.g. {@code repetition_penalty}); never null
 */
public record SamplingParams(
        Integer maxTokens,
        Integer minTokens,
        Double temperature,
        Integer topK,
        Double topP,
        Long seed,
        Boolean ignoreEos,
        List<String> stop,
        JsonNode jsonSchema,
        Map<String, Object> extra) {

    /** Parameters that leave everything to the server. */
    public static final SamplingParams SERVER_DEFAULTS =
            new SamplingParams(null, null, null, null, null, null, null, null, null, Map.of());

    public SamplingParams {
        stop = stop == null ? null : List.copyOf(stop);
        extra = extra == null ? Map.of() : Map.copyOf(extra);
    }

    public SamplingParams withMaxTokens(Integer v) {
        return new SamplingParams(v, minTokens, temperature, topK, topP, seed, ignoreEos, stop, jsonSchema, extra);
    }

    public SamplingParams withMinTokens(Integer v) {
        return new SamplingParams(maxTokens, v, temperature, topK, topP, seed, ignoreEos, stop, jsonSchema, extra);
    }

    public SamplingParams withTemperature(Double v) {
        return new SamplingParams(maxTokens, minTokens, v, topK, topP, seed, ignoreEos, stop, jsonSchema, extra);
    }

    public SamplingParams withTopK(Integer v) {
        return new SamplingParams(maxTokens, minTokens, temperature, v, topP, seed, ignoreEos, stop, jsonSchema, extra);
    }

    public SamplingParams withTopP(Double v) {
        return new SamplingParams(maxTokens, minTokens, temperature, topK, v, seed, ignoreEos, stop, jsonSchema, extra);
    }

    public SamplingParams withSeed(Long v) {
        return new SamplingParams(maxTokens, minTokens, temperature, topK, topP, v, ignoreEos, stop, jsonSchema, extra);
    }

    public SamplingParams withIgnoreEos(Boolean v) {
        return new SamplingParams(maxTokens, minTokens, temperature, topK, topP, seed, v, stop, jsonSchema, extra);
    }

    public SamplingParams withJsonSchema(JsonNode v) {
        return new SamplingParams(maxTokens, minTokens, temperature, topK, topP, seed, ignoreEos, stop, v, extra);
    }

    public SamplingParams withStop(List<String> v) {
        return new SamplingParams(maxTokens, minTokens, temperature, topK, topP, seed, ignoreEos, v, jsonSchema, extra);
    }

    /** Replaces the extra body fields (a field named like a standard one overrides it). */
    public SamplingParams withExtra(Map<String, Object> v) {
        return new SamplingParams(maxTokens, minTokens, temperature, topK, topP, seed, ignoreEos, stop, jsonSchema, v);
    }
}
