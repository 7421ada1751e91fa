package io.llmharness.tokenizer;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokenizer {@link Tokenizers#resolve} chose, which kind of source it is, and one note for each better source
 * that was not used and why (in resolver order).
 *
 * @param tokenizer the tokenizer to use
 * @param kind where it comes from
 * @param notes why each better source was not used, one line each (e.g. {@code "model meta-llama/Llama-3.1-8B
 *     (--model): not in the Hugging Face cache at ~/.cache/huggingface/hub"})
 */
public record ResolvedTokenizer(TextTokenizer tokenizer, Kind kind, List<String> notes) {

    /** The sources, best first. */
    public enum Kind {
        /** A {@code tokenizer.json} file or model folder given explicitly. */
        PATH,
        /** The {@code tokenizer.json} of a local model folder named as the model. */
        MODEL_FOLDER,
        /** The model's {@code tokenizer.json} in the Hugging Face cache. */
        HF_CACHE,
        /** The server's {@code /tokenize} endpoint. */
        SERVER,
        /** The synthetic vocabulary (exact for the simulator, an estimate for a real model). */
        SYNTHETIC
    }

    public ResolvedTokenizer {
        notes = List.copyOf(notes);
    }

    /** True when token counts come from the model's own tokenizer (file or server), not an estimate. */
    public boolean isExact() {
        return kind != Kind.SYNTHETIC;
    }

    /** The lines to show: {@code tokenizer: <source>} and then {@code   not <better source>: <why>} for each note. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("tokenizer: " + tokenizer.source());
        for (String note : notes) {
            out.add("  not " + note);
        }
        return out;
    }
}
