package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.tokenizer.TextTokenizer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the tokenizer a profile names ({@code tokenizer.pretrained_model_name_or_path}, else the model). The
 * application's readers of tokenizer files and of a server's {@code /tokenize} plug in here; {@link #BUILT_IN}
 * knows only the embedded simulator's tokenizer (name {@code simulator}) and says so for any other name.
 */
@FunctionalInterface
public interface TokenizerResolver {

    /**
     * Opens a tokenizer.
     *
     * @param name a local path or a model name
     * @param where the profile key or flag it came from, for error messages
     * @param baseUrl the server's base URL (for a server-side tokenizer), or null
     * @throws HarnessException (config) naming {@code where} when it cannot be found or read
     */
    TextTokenizer resolve(String name, String where, String baseUrl);

    /** Names meaning the embedded simulator's tokenizer. */
    static boolean isSimulator(String name) {
        return name != null && (name.equals("simulator") || name.equals("sim"));
    }

    /** The simulator's tokenizer for {@code simulator}; a clear error for anything else. */
    TokenizerResolver BUILT_IN = (name, where, baseUrl) -> {
        if (isSimulator(name)) {
            return SimulatorTokenizer.INSTANCE;
        }
        boolean pathLike = name.startsWith("/")
                || name.startsWith("./")
                || name.startsWith("../")
                || name.startsWith("~")
                || name.endsWith(".json");
        if (pathLike && !Files.exists(Path.of(name))) {
            throw HarnessException.config(where + " " + name + ": no such file or directory");
        }
        throw HarnessException.config(where + " " + name + ": this build has no reader for tokenizer files or"
                + " server-side tokenizers; use the simulator's (--simulate, or --tokenizer simulator against"
                + " harness sim)");
    };
}
