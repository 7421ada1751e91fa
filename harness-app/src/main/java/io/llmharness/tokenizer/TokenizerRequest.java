package io.llmharness.tokenizer;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What {@link Tokenizers#resolve} may use, best first. Immutable; start from {@link #none()} and add sources.
 *
 * @param path an explicit {@code tokenizer.json} file or model folder; it must exist (else an error naming
 *     {@code pathOrigin}), or null
 * @param pathOrigin the flag or key {@code path} came from, named in errors (e.g. {@code "--tokenizer"})
 * @param model a model name ({@code org/name}, looked up in the Hugging Face cache) or a local model folder, or null;
 *     not finding it is not an error
 * @param modelOrigin the flag or key {@code model} came from, named in the resolver's notes
 * @param serverUrl base URL of a server whose {@code /tokenize} may be used (e.g. {@code http://127.0.0.1:8000}), or
 *     null
 * @param servedModel the model name the server expects in requests, or null
 * @param env the environment ({@code HF_HUB_CACHE}, {@code HF_HOME}, {@code XDG_CACHE_HOME})
 * @param home the user's home folder (for {@code ~/.cache/huggingface/hub})
 */
public record TokenizerRequest(
        Path path,
        String pathOrigin,
        String model,
        String modelOrigin,
        String serverUrl,
        String servedModel,
        Map<String, String> env,
        Path home) {

    /** A Hugging Face repository id: {@code name} or {@code org/name}. */
    private static final Pattern REPO_ID = Pattern.compile("[A-Za-z0-9][\\w.-]*(/[\\w.-]+)?");

    public TokenizerRequest {
        env = Map.copyOf(env);
    }

    /** No source but the synthetic vocabulary; the process environment and home folder. */
    public static TokenizerRequest none() {
        return new TokenizerRequest(
                null, null, null, null, null, null, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** With an explicit {@code tokenizer.json} file or model folder, from flag or key {@code origin}. */
    public TokenizerRequest withPath(Path tokenizerPath, String origin) {
        return new TokenizerRequest(tokenizerPath, origin, model, modelOrigin, serverUrl, servedModel, env, home);
    }

    /** With a model name or local model folder to look for, from flag or key {@code origin}. */
    public TokenizerRequest withModel(String name, String origin) {
        return new TokenizerRequest(path, pathOrigin, name, origin, serverUrl, servedModel, env, home);
    }

    /**
     * With inference-perf's {@code tokenizer.pretrained_model_name_or_path} (or the like): a value that is not a
     * repository id ({@code /models/x}, {@code ./tok}, {@code ~/x}, {@code tokenizer.json}) or that names an existing
     * file or folder is a path and must exist; anything else is a model name.
     */
    public TokenizerRequest withPretrained(String nameOrPath, String origin) {
        Path asPath = expand(nameOrPath);
        boolean pathLike = !REPO_ID.matcher(nameOrPath).matches() || nameOrPath.endsWith(".json");
        if (pathLike || java.nio.file.Files.exists(asPath)) {
            return withPath(asPath, origin);
        }
        return withModel(nameOrPath, origin);
    }

    /** With a server whose {@code /tokenize} may be used; {@code served} is the model name it expects, or null. */
    public TokenizerRequest withServer(String baseUrl, String served) {
        return new TokenizerRequest(path, pathOrigin, model, modelOrigin, baseUrl, served, env, home);
    }

    /** With another environment and home folder (tests). */
    public TokenizerRequest withEnvironment(Map<String, String> environment, Path homeFolder) {
        return new TokenizerRequest(
                path, pathOrigin, model, modelOrigin, serverUrl, servedModel, environment, homeFolder);
    }

    /** True for a Hugging Face repository id ({@code name} or {@code org/name}). */
    static boolean isRepoId(String s) {
        return REPO_ID.matcher(s).matches();
    }

    private Path expand(String p) {
        if (p.equals("~")) {
            return home;
        }
        return p.startsWith("~/") ? home.resolve(p.substring(2)) : Path.of(p);
    }
}
