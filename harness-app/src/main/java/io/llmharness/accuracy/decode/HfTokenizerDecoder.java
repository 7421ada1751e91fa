package io.llmharness.accuracy.decode;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Decodes ids with a Hugging Face {@code tokenizer.json} the way the fast tokenizer does: ids become their vocabulary
 * strings (unknown ids are dropped, special tokens too when asked), the file's decoder chain turns them into text,
 * and {@code clean_up_tokenization_spaces} from {@code tokenizer_config.json} (next to it) removes the space before
 * punctuation and contractions when it is true. Thread-safe after construction.
 */
public final class HfTokenizerDecoder implements TokenDecoder {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final String source;
    private final String[] vocab;
    private final boolean[] special;
    private final DecoderStep decoder;
    private final boolean cleanUp;
    private final LongAdder unknown = new LongAdder();

    private HfTokenizerDecoder(String source, String[] vocab, boolean[] special, DecoderStep decoder, boolean cleanUp) {
        this.source = source;
        this.vocab = vocab;
        this.special = special;
        this.decoder = decoder;
        this.cleanUp = cleanUp;
    }

    /**
     * Reads {@code tokenizer.json} (and {@code tokenizer_config.json} beside it, if present).
     *
     * @param where how the user named it, for errors (e.g. {@code --tokenizer /models/x})
     */
    public static HfTokenizerDecoder read(Path file, String where) {
        Vocab v = new Vocab();
        JsonNode decoderNode = null;
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = new JsonFactory().setCodec(MAPPER).createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw HarnessException.config(where + ": " + file + " is not a tokenizer.json object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "added_tokens" -> readAdded(p, v);
                    case "decoder" -> decoderNode = p.readValueAsTree();
                    case "model" -> readModel(p, v, where, file);
                    default -> p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw HarnessException.config(where + ": cannot read " + file + " (" + e.getMessage() + ")");
        }
        if (v.size == 0) {
            throw HarnessException.config(where + ": " + file + " has no model.vocab");
        }
        DecoderStep decoder = decoderNode == null || decoderNode.isNull()
                ? tokens -> List.of(String.join(" ", tokens))
                : DecoderStep.of(decoderNode, where + " (" + file + ")");
        boolean cleanUp = cleanUpSetting(file.resolveSibling("tokenizer_config.json"), where);
        return new HfTokenizerDecoder(
                "tokenizer.json at " + file.toAbsolutePath().normalize().getParent(),
                java.util.Arrays.copyOf(v.tokens, v.size),
                java.util.Arrays.copyOf(v.special, v.size),
                decoder,
                cleanUp);
    }

    /** The growing id → token table. */
    private static final class Vocab {
        String[] tokens = new String[1 << 16];
        boolean[] special = new boolean[1 << 16];
        int size;

        void put(int id, String token, boolean isSpecial) {
            if (id < 0) {
                return;
            }
            if (id >= tokens.length) {
                int n = Math.max(id + 1, tokens.length * 2);
                tokens = java.util.Arrays.copyOf(tokens, n);
                special = java.util.Arrays.copyOf(special, n);
            }
            tokens[id] = token;
            special[id] |= isSpecial;
            size = Math.max(size, id + 1);
        }
    }

    private static void readAdded(JsonParser p, Vocab v) throws IOException {
        JsonNode added = p.readValueAsTree();
        for (JsonNode t : added) {
            v.put(
                    t.path("id").asInt(-1),
                    t.path("content").asText(),
                    t.path("special").asBoolean(false));
        }
    }

    private static void readModel(JsonParser p, Vocab v, String where, Path file) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            if (field.equals("vocab") && t == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String token = p.currentName();
                    p.nextToken();
                    int id = p.getIntValue();
                    if (id >= v.tokens.length || v.tokens[Math.max(id, 0)] == null) {
                        v.put(id, token, false);
                    }
                }
            } else if (field.equals("vocab") && t == JsonToken.START_ARRAY) {
                throw HarnessException.config(where + ": " + file + " has a Unigram vocabulary; only BPE and"
                        + " WordLevel tokenizer.json files are supported for decoding");
            } else {
                p.skipChildren();
            }
        }
    }

    private static boolean cleanUpSetting(Path config, String where) {
        if (!Files.isRegularFile(config)) {
            return false;
        }
        try {
            return MAPPER.readTree(config.toFile())
                    .path("clean_up_tokenization_spaces")
                    .asBoolean(false);
        } catch (IOException e) {
            throw HarnessException.config(where + ": cannot read " + config + " (" + e.getMessage() + ")");
        }
    }

    @Override
    public String source() {
        return source + (cleanUp ? " (clean_up_tokenization_spaces)" : "");
    }

    @Override
    public String decode(int[] ids, boolean skipSpecial) {
        List<String> tokens = new ArrayList<>(ids.length);
        int missing = 0;
        for (int id : ids) {
            if (id < 0 || id >= vocab.length || vocab[id] == null) {
                missing++;
            } else if (!(skipSpecial && special[id])) {
                tokens.add(vocab[id]);
            }
        }
        if (missing > 0) {
            unknown.add(missing);
        }
        String text = String.join("", decoder.apply(tokens));
        return cleanUp ? cleanUpSpaces(text) : text;
    }

    /** transformers' {@code clean_up_tokenization}: no space before . ? ! , and English contractions. */
    static String cleanUpSpaces(String s) {
        return s.replace(" .", ".")
                .replace(" ?", "?")
                .replace(" !", "!")
                .replace(" ,", ",")
                .replace(" ' ", "'")
                .replace(" n't", "n't")
                .replace(" 'm", "'m")
                .replace(" 's", "'s")
                .replace(" 've", "'ve")
                .replace(" 're", "'re");
    }

    @Override
    public long unknownIds() {
        return unknown.sum();
    }
}
