package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.tokens.IntList;
import io.llmharness.simulator.tokens.SimTokenizer;

/**
 * The simulator's chat template, applied directly to token ids: {@code <s>}, then for every message its role marker,
 * its content and {@code <|end|>}, then (with {@code add_generation_prompt}, the default) the assistant marker.
 * Text parts are tokenised; every image part adds {@link ImageTokens} placeholder tokens, every audio part
 * {@value #AUDIO_TOKENS} and every video part {@value #VIDEO_TOKENS}. With {@code continue_final_message} the last
 * message is left open (no {@code <|end|>}, no generation prompt).
 */
public final class ChatTemplate {
    /** Placeholder tokens per audio item. */
    public static final int AUDIO_TOKENS = 200;
    /** Placeholder tokens per video item. */
    public static final int VIDEO_TOKENS = 2048;

    private ChatTemplate() {}

    /** Result of rendering: ids, the last user message's ids (for echo mode), media hash and position. */
    public record Rendered(int[] ids, int[] lastUserIds, long mediaSalt, int firstMediaPos) {}

    public static Rendered render(JsonNode messages, boolean addGenerationPrompt, boolean continueFinal) {
        if (messages == null) {
            throw ApiError.validation("messages", "missing", "Field required", null);
        }
        if (!messages.isArray()) {
            throw ApiError.validation("messages", "list_type", "Input should be a valid list", Params.repr(messages));
        }
        if (messages.isEmpty()) {
            throw ApiError.badRequest("messages must not be empty", "messages");
        }
        IntList ids = new IntList(256);
        ids.add(SimTokenizer.BOS);
        int[] lastUser = new int[0];
        long mediaSalt = 0;
        int firstMedia = -1;
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            String path = "messages." + i;
            if (!m.isObject()) {
                throw ApiError.validation(
                        path,
                        "model_attributes_type",
                        "Input should be a valid dictionary or object to extract fields from",
                        Params.repr(m));
            }
            String role = Params.optString(m, "role", path + ".role");
            if (role == null) {
                throw ApiError.validation(path + ".role", "missing", "Field required", null);
            }
            ids.add(roleToken(role, path));
            int start = ids.size();
            JsonNode content = m.get("content");
            if (content != null && !content.isNull()) {
                if (content.isTextual()) {
                    SimTokenizer.INSTANCE.encode(content.asText(), ids);
                } else if (content.isArray()) {
                    for (int p = 0; p < content.size(); p++) {
                        int before = ids.size();
                        long h = part(content.get(p), path + ".content." + p, ids);
                        if (h != 0) {
                            mediaSalt = mediaSalt * 31 + h;
                            if (firstMedia < 0) {
                                firstMedia = before;
                            }
                        }
                    }
                } else {
                    throw ApiError.validation(
                            path + ".content", "string_type", "Input should be a valid string", Params.repr(content));
                }
            }
            if ("user".equals(role)) {
                lastUser = ids.copyRange(start, ids.size());
            }
            boolean last = i == messages.size() - 1;
            if (!(continueFinal && last)) {
                ids.add(SimTokenizer.END_OF_MESSAGE);
            }
        }
        if (addGenerationPrompt && !continueFinal) {
            ids.add(SimTokenizer.ROLE_ASSISTANT);
        }
        return new Rendered(ids.toArray(), lastUser, mediaSalt, firstMedia < 0 ? ids.size() : firstMedia);
    }

    private static int roleToken(String role, String path) {
        return switch (role) {
            case "system" -> SimTokenizer.ROLE_SYSTEM;
            case "user" -> SimTokenizer.ROLE_USER;
            case "assistant" -> SimTokenizer.ROLE_ASSISTANT;
            case "tool", "function" -> SimTokenizer.ROLE_TOOL;
            case "developer" -> SimTokenizer.ROLE_DEVELOPER;
            default ->
                throw ApiError.validation(
                        path + ".role",
                        "literal_error",
                        "Input should be 'system', 'user', 'assistant', 'tool', 'function' or 'developer'",
                        "'" + role + "'");
        };
    }

    /** Appends one content part; returns a non-zero hash for media parts. */
    private static long part(JsonNode part, String path, IntList ids) {
        if (part.isTextual()) {
            SimTokenizer.INSTANCE.encode(part.asText(), ids);
            return 0;
        }
        if (!part.isObject()) {
            throw ApiError.validation(
                    path,
                    "model_attributes_type",
                    "Input should be a valid dictionary or object to extract fields from",
                    Params.repr(part));
        }
        String type = Params.optString(part, "type", path + ".type");
        if (type == null) {
            throw ApiError.validation(path + ".type", "missing", "Field required", null);
        }
        switch (type) {
            case "text", "input_text" -> {
                String text = Params.optString(part, "text", path + ".text");
                if (text == null) {
                    throw ApiError.validation(path + ".text", "missing", "Field required", null);
                }
                SimTokenizer.INSTANCE.encode(text, ids);
                return 0;
            }
            case "image_url", "input_image" -> {
                JsonNode img = part.get("image_url");
                String url = img == null
                        ? null
                        : img.isTextual() ? img.asText() : img.path("url").asText(null);
                if (url == null) {
                    throw ApiError.validation(path + ".image_url", "missing", "Field required", null);
                }
                ids.repeat(SimTokenizer.IMAGE, ImageTokens.count(url, path + ".image_url.url"));
                return mediaHash(url);
            }
            case "input_audio", "audio_url" -> {
                ids.repeat(SimTokenizer.AUDIO, AUDIO_TOKENS);
                return mediaHash(part.toString());
            }
            case "video_url" -> {
                ids.repeat(SimTokenizer.VIDEO, VIDEO_TOKENS);
                return mediaHash(part.toString());
            }
            case "image_embeds", "image_pil" -> {
                ids.repeat(SimTokenizer.IMAGE, ImageTokens.UNKNOWN_TOKENS);
                return mediaHash(part.toString());
            }
            default -> throw ApiError.badRequest("Unknown part type: " + type, path + ".type");
        }
    }

    /** Identifies a media item for prefix hashing; String.hashCode is cached per string and vectorised. */
    private static long mediaHash(String s) {
        long h = ((long) s.hashCode() << 32) ^ s.length();
        return h == 0 ? 1 : h;
    }
}
