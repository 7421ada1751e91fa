package io.llmharness.accuracy.decode;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.error.HarnessException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One step of a {@code tokenizer.json} decoder chain: turns the list of token strings into another list. The
 * decoded text is the final list joined without separator.
 */
interface DecoderStep {

    List<String> apply(List<String> tokens);

    /**
     * Builds the step for a {@code "decoder"} object.
     *
     * @param where the file, for errors
     */
    static DecoderStep of(JsonNode node, String where) {
        String type = node.path("type").asText("");
        return switch (type) {
            case "ByteLevel" -> DecoderStep::byteLevel;
            case "ByteFallback" -> DecoderStep::byteFallback;
            case "Fuse" -> tokens -> List.of(String.join("", tokens));
            case "Replace" -> replace(node, where);
            case "Strip" -> strip(node);
            case "Metaspace" -> metaspace(node);
            case "Sequence" -> {
                List<DecoderStep> steps = new ArrayList<>();
                node.path("decoders").forEach(d -> steps.add(of(d, where)));
                yield tokens -> {
                    List<String> t = tokens;
                    for (DecoderStep s : steps) {
                        t = s.apply(t);
                    }
                    return t;
                };
            }
            default ->
                throw HarnessException.config(where + ": decoder type '" + type + "' is not supported (supported:"
                        + " ByteLevel, ByteFallback, Fuse, Replace, Strip, Metaspace, Sequence)");
        };
    }

    /** GPT-2 byte-level: every character stands for one byte; the bytes are UTF-8 text. */
    private static List<String> byteLevel(List<String> tokens) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String t : tokens) {
            byte[] mapped = ByteLevelAlphabet.toBytes(t);
            bytes.writeBytes(mapped != null ? mapped : t.getBytes(StandardCharsets.UTF_8));
        }
        return List.of(bytes.toString(StandardCharsets.UTF_8));
    }

    /** Runs of {@code <0xHH>} tokens become their UTF-8 text, or one U+FFFD per byte when not valid UTF-8. */
    private static List<String> byteFallback(List<String> tokens) {
        List<String> out = new ArrayList<>();
        ByteArrayOutputStream run = new ByteArrayOutputStream();
        int runLength = 0;
        for (String t : tokens) {
            if (t.length() == 6 && t.startsWith("<0x") && t.endsWith(">")) {
                try {
                    run.write(Integer.parseInt(t.substring(3, 5), 16));
                    runLength++;
                    continue;
                } catch (NumberFormatException e) {
                    // not a byte token after all
                }
            }
            flush(run, runLength, out);
            runLength = 0;
            out.add(t);
        }
        flush(run, runLength, out);
        return out;
    }

    private static void flush(ByteArrayOutputStream run, int count, List<String> out) {
        if (count == 0) {
            return;
        }
        byte[] b = run.toByteArray();
        run.reset();
        try {
            out.add(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b))
                    .toString());
        } catch (CharacterCodingException e) {
            for (int i = 0; i < count; i++) {
                out.add("\uFFFD");
            }
        }
    }

    private static DecoderStep replace(JsonNode node, String where) {
        JsonNode pattern = node.path("pattern");
        String content = node.path("content").asText("");
        if (pattern.has("String")) {
            String from = pattern.get("String").asText();
            return tokens -> tokens.stream().map(t -> t.replace(from, content)).toList();
        }
        if (pattern.has("Regex")) {
            Pattern p = Pattern.compile(pattern.get("Regex").asText());
            String quoted = java.util.regex.Matcher.quoteReplacement(content);
            return tokens ->
                    tokens.stream().map(t -> p.matcher(t).replaceAll(quoted)).toList();
        }
        throw HarnessException.config(where + ": Replace decoder without a String or Regex pattern");
    }

    private static DecoderStep strip(JsonNode node) {
        String content = node.path("content").asText(" ");
        int start = node.path("start").asInt(0);
        int stop = node.path("stop").asInt(0);
        return tokens -> tokens.stream()
                .map(t -> {
                    int a = 0;
                    int b = t.length();
                    while (a < start && t.startsWith(content, a) && a < b) {
                        a += content.length();
                    }
                    int removed = 0;
                    while (removed < stop && b - content.length() >= a && t.startsWith(content, b - content.length())) {
                        b -= content.length();
                        removed++;
                    }
                    return t.substring(a, b);
                })
                .toList();
    }

    private static DecoderStep metaspace(JsonNode node) {
        String replacement = node.path("replacement").asText("\u2581");
        boolean prefix = node.has("prepend_scheme")
                ? !"never".equals(node.get("prepend_scheme").asText())
                : node.path("add_prefix_space").asBoolean(true);
        return tokens -> {
            List<String> out = new ArrayList<>(tokens.size());
            for (int i = 0; i < tokens.size(); i++) {
                String t = tokens.get(i).replace(replacement, " ");
                if (i == 0 && prefix && t.startsWith(" ")) {
                    t = t.substring(1);
                }
                out.add(t);
            }
            return out;
        };
    }
}
