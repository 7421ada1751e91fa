package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/** Request-body writing shared by the adapters. Fields the caller put in {@code extra} are never written twice. */
final class Bodies {

    /** Why a text-and-ids endpoint refuses chat messages. */
    static final String CHAT_NEEDS_CHAT = "chat messages need the chat_completions endpoint";

    private Bodies() {}

    /** {@link #CHAT_NEEDS_CHAT} for a chat prompt, null for the text and token-id prompts these endpoints take. */
    static String rejectChat(Prompt prompt) {
        return prompt instanceof Prompt.Chat ? CHAT_NEEDS_CHAT : null;
    }

    static JsonGenerator generator(OutputStream out) throws IOException {
        return DecoderJson.FACTORY.createGenerator(out);
    }

    /** OpenAI sampling fields; chat also gets {@code max_completion_tokens} (preferred name) beside max_tokens. */
    static void openAiSampling(JsonGenerator g, SamplingParams s, boolean chat) throws IOException {
        Map<String, Object> x = s.extra();
        if (s.maxTokens() != null) {
            if (chat && !x.containsKey("max_completion_tokens")) {
                g.writeNumberField("max_completion_tokens", s.maxTokens());
            }
            intField(g, x, "max_tokens", s.maxTokens());
        }
        intField(g, x, "min_tokens", s.minTokens());
        common(g, s, "seed");
    }

    /** SGLang {@code sampling_params} object, including a JSON schema as a string. */
    static void sglangSampling(JsonGenerator g, SamplingParams s) throws IOException {
        Map<String, Object> x = s.extra();
        g.writeObjectFieldStart("sampling_params");
        intField(g, x, "max_new_tokens", s.maxTokens());
        intField(g, x, "min_new_tokens", s.minTokens());
        common(g, s, "sampling_seed");
        if (s.jsonSchema() != null && !x.containsKey("json_schema")) {
            g.writeStringField("json_schema", DecoderJson.MAPPER.writeValueAsString(schemaOf(s.jsonSchema())));
        }
        extra(g, x);
        g.writeEndObject();
    }

    private static void common(JsonGenerator g, SamplingParams s, String seedName) throws IOException {
        Map<String, Object> x = s.extra();
        if (s.temperature() != null && !x.containsKey("temperature")) {
            g.writeNumberField("temperature", s.temperature());
        }
        intField(g, x, "top_k", s.topK());
        if (s.topP() != null && !x.containsKey("top_p")) {
            g.writeNumberField("top_p", s.topP());
        }
        if (s.seed() != null && !x.containsKey(seedName)) {
            g.writeNumberField(seedName, s.seed());
        }
        if (s.ignoreEos() != null && !x.containsKey("ignore_eos")) {
            g.writeBooleanField("ignore_eos", s.ignoreEos());
        }
        if (s.stop() != null && !x.containsKey("stop")) {
            g.writeArrayFieldStart("stop");
            for (String stop : s.stop()) {
                g.writeString(stop);
            }
            g.writeEndArray();
        }
    }

    /** JSON-schema constraint on an OpenAI endpoint, in the requested style. */
    static void guided(JsonGenerator g, SamplingParams s, GuidedDecoding style) throws IOException {
        JsonNode spec = s.jsonSchema();
        if (spec == null) {
            return;
        }
        Map<String, Object> x = s.extra();
        switch (style) {
            case RESPONSE_FORMAT -> {
                if (x.containsKey("response_format")) {
                    return;
                }
                g.writeObjectFieldStart("response_format");
                g.writeStringField("type", "json_schema");
                g.writeObjectFieldStart("json_schema");
                g.writeStringField("name", spec.path("name").asText("response"));
                g.writeBooleanField("strict", spec.path("strict").asBoolean(true));
                g.writeFieldName("schema");
                g.writeTree(schemaOf(spec));
                g.writeEndObject();
                g.writeEndObject();
            }
            case STRUCTURED_OUTPUTS -> {
                if (x.containsKey("structured_outputs")) {
                    return;
                }
                g.writeObjectFieldStart("structured_outputs");
                g.writeFieldName("json");
                g.writeTree(schemaOf(spec));
                g.writeEndObject();
            }
            case GUIDED_JSON -> {
                if (x.containsKey("guided_json")) {
                    return;
                }
                g.writeFieldName("guided_json");
                g.writeTree(schemaOf(spec));
            }
        }
    }

    /**
     * The schema itself: a spec may be the bare schema, or {@code {"name":…,"strict":…,"schema":{…}}} as in
     * OpenAI's {@code json_schema} object.
     */
    static JsonNode schemaOf(JsonNode spec) {
        JsonNode inner = spec.get("schema");
        return inner != null && inner.isObject() ? inner : spec;
    }

    static void extra(JsonGenerator g, Map<String, Object> extra) throws IOException {
        for (Map.Entry<String, Object> e : extra.entrySet()) {
            g.writeFieldName(e.getKey());
            DecoderJson.MAPPER.writeValue(g, e.getValue());
        }
    }

    static void streamFields(JsonGenerator g, boolean stream, ApiSettings s) throws IOException {
        g.writeBooleanField("stream", stream);
        if (stream && !s.sampling().extra().containsKey("stream_options")) {
            g.writeObjectFieldStart("stream_options");
            g.writeBooleanField("include_usage", true);
            if (s.continuousUsageStats()) {
                g.writeBooleanField("continuous_usage_stats", true);
            }
            g.writeEndObject();
        }
    }

    static void ids(JsonGenerator g, int[] ids) throws IOException {
        g.writeArray(ids, 0, ids.length);
    }

    /**
     * Writes a prompt field for one prompt or a batch of prompts of one kind (token ids or text).
     *
     * @throws IllegalArgumentException when the batch mixes kinds or holds chat prompts
     */
    static void promptField(JsonGenerator g, String idsName, String textName, List<Prompt> prompts) throws IOException {
        Prompt first = prompts.get(0);
        boolean tokens = first instanceof Prompt.TokenIds;
        for (Prompt p : prompts) {
            if (!(p instanceof Prompt.TokenIds) && !(p instanceof Prompt.Text)) {
                throw new IllegalArgumentException(CHAT_NEEDS_CHAT);
            }
            if ((p instanceof Prompt.TokenIds) != tokens) {
                throw new IllegalArgumentException("a batch cannot mix token-id and text prompts");
            }
        }
        g.writeFieldName(tokens ? idsName : textName);
        if (prompts.size() > 1) {
            g.writeStartArray();
        }
        for (Prompt p : prompts) {
            if (p instanceof Prompt.TokenIds t) {
                ids(g, t.ids());
            } else {
                g.writeString(((Prompt.Text) p).text());
            }
        }
        if (prompts.size() > 1) {
            g.writeEndArray();
        }
    }

    private static void intField(JsonGenerator g, Map<String, Object> extra, String name, Integer v)
            throws IOException {
        if (v != null && !extra.containsKey(name)) {
            g.writeNumberField(name, v);
        }
    }
}
