package io.llmharness.tokenizer;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A Hugging Face {@code tokenizer.json} read from local disk (BPE including byte-level BPE as Llama 3, Qwen and
 * gpt-oss use, WordPiece, Unigram), through DJL's binding of the Rust {@code tokenizers} library. DJL's default
 * truncation to 512 tokens and its padding are switched off, so long prompts keep every token. Thread-safe; the
 * native handle is freed by {@link #close()} (or at exit).
 */
public final class HfTokenizer implements TextTokenizer, AutoCloseable {

    /** No special tokens unless asked, no truncation (DJL's default cuts at 512 tokens), no padding. */
    private static final Map<String, String> OPTIONS =
            Map.of("addSpecialTokens", "false", "truncation", "false", "padding", "false");

    private final HuggingFaceTokenizer tokenizer;
    private final String source;

    private HfTokenizer(HuggingFaceTokenizer tokenizer, String source) {
        this.tokenizer = tokenizer;
        this.source = source;
    }

    /**
     * Loads {@code tokenizerJson}, a {@code tokenizer.json} file.
     *
     * @param origin the flag, key or place the path came from, named in errors (e.g. {@code "--tokenizer"})
     * @param label how {@link #source()} describes where the file was found (e.g. {@code "Hugging Face cache"})
     * @throws TokenizerUnavailableException when DJL's native library cannot load on this platform
     * @throws HarnessException (config) when the file cannot be read or is not a valid {@code tokenizer.json}
     */
    public static HfTokenizer load(Path tokenizerJson, String origin, String label)
            throws TokenizerUnavailableException {
        if (!Files.isRegularFile(tokenizerJson) || !Files.isReadable(tokenizerJson)) {
            throw HarnessException.config(origin + ": cannot read " + tokenizerJson + " (not a readable file)");
        }
        DjlRuntime.configure(System.getenv(), Path.of(System.getProperty("user.home")));
        HuggingFaceTokenizer handle;
        try {
            handle = HuggingFaceTokenizer.newInstance(tokenizerJson, OPTIONS);
        } catch (LinkageError | AssertionError e) {
            throw nativeUnavailable(e);
        } catch (IOException e) {
            throw HarnessException.config(origin + ": cannot read " + tokenizerJson + ": " + e.getMessage());
        } catch (RuntimeException e) {
            if (isNativeLoadFailure(e)) {
                throw nativeUnavailable(e);
            }
            throw HarnessException.config(
                    origin + ": " + tokenizerJson + " is not a valid tokenizer.json: " + firstLine(e.getMessage()));
        }
        return new HfTokenizer(handle, "tokenizer.json (" + label + ") at " + tokenizerJson);
    }

    private static boolean isNativeLoadFailure(RuntimeException e) {
        return e instanceof ai.djl.engine.EngineException
                && e.getMessage() != null
                && e.getMessage().contains("native library");
    }

    private static TokenizerUnavailableException nativeUnavailable(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof ClassNotFoundException) {
            return new TokenizerUnavailableException(
                    "the DJL tokenizers library is missing from the class path (" + root.getMessage() + ")", e);
        }
        return new TokenizerUnavailableException(
                "the Hugging Face tokenizers native library does not load on " + System.getProperty("os.name")
                        + "/" + System.getProperty("os.arch") + " (" + firstLine(String.valueOf(root.getMessage()))
                        + ")",
                e);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public int[] encode(String text) {
        return toInts(tokenizer.encode(text, false, false));
    }

    @Override
    public int countWithSpecialTokens(String text) {
        return tokenizer.encode(text, true, false).getIds().length;
    }

    @Override
    public String decode(int[] ids) {
        long[] longs = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            longs[i] = ids[i];
        }
        return tokenizer.decode(longs, true);
    }

    private static int[] toInts(Encoding encoding) {
        long[] ids = encoding.getIds();
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = (int) ids[i];
        }
        return out;
    }

    @Override
    public void close() {
        tokenizer.close();
    }
}
