package io.llmharness.tokenizer;

import io.llmharness.error.HarnessException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Chooses the tokenizer for a run, best source first:
 *
 * <ol>
 *   <li>an explicit {@code tokenizer.json} file or model folder ({@link TokenizerRequest#path()}); a path that does
 *       not exist, or a folder without {@code tokenizer.json}, is an error naming the flag or key;
 *   <li>the model name: a local model folder of that name, else the model's snapshot in the Hugging Face cache
 *       ({@link HfCache});
 *   <li>the server's {@code /tokenize} ({@link ServerTokenizer});
 *   <li>the synthetic vocabulary ({@link SyntheticTokenizer}).
 * </ol>
 *
 * Nothing is downloaded. When DJL's native library does not load on this platform, the file sources are skipped with
 * one note. Against the embedded simulator, leave the server out: the synthetic vocabulary is its tokenizer, without
 * the HTTP round trips.
 */
public final class Tokenizers {

    /** Loads a {@code tokenizer.json}; the seam tests use to stand in for DJL. */
    interface FileLoader {
        TextTokenizer load(Path tokenizerJson, String origin, String label) throws TokenizerUnavailableException;
    }

    /** Checks a server's {@code /tokenize}; the seam tests use to stand in for HTTP. */
    interface ServerProbe {
        TextTokenizer probe(String baseUrl, String servedModel) throws TokenizerUnavailableException;
    }

    private final FileLoader files;
    private final ServerProbe servers;

    Tokenizers(FileLoader files, ServerProbe servers) {
        this.files = files;
        this.servers = servers;
    }

    /**
     * The best available tokenizer for {@code request}, with a note for every better source that was not used.
     *
     * @throws HarnessException (usage for a {@code --flag}, config for a file key) when the explicit path does not
     *     exist or has no {@code tokenizer.json}, or when a {@code tokenizer.json} is invalid
     */
    public static ResolvedTokenizer resolve(TokenizerRequest request) {
        return new Tokenizers(HfTokenizer::load, ServerTokenizer::probe).resolveWith(request);
    }

    ResolvedTokenizer resolveWith(TokenizerRequest request) {
        List<String> notes = new ArrayList<>();
        boolean filesUsable = true;
        if (request.path() != null) {
            Path file = explicitFile(request.path(), request.pathOrigin());
            try {
                return new ResolvedTokenizer(
                        files.load(file, request.pathOrigin(), "given path"), ResolvedTokenizer.Kind.PATH, notes);
            } catch (TokenizerUnavailableException e) {
                notes.add(file + " (" + request.pathOrigin() + "): " + e.getMessage());
                filesUsable = false;
            }
        } else {
            notes.add("a tokenizer.json path: none given");
        }
        if (request.model() == null) {
            notes.add("a model folder or the Hugging Face cache: no model name given");
        } else if (!filesUsable) {
            notes.add("model " + request.model() + ": its tokenizer.json could not be read either (see above)");
        } else {
            Optional<ResolvedTokenizer> byModel = byModel(request, notes);
            if (byModel.isPresent()) {
                return byModel.get();
            }
        }
        if (request.serverUrl() == null) {
            notes.add("a server's /tokenize: no server given");
        } else {
            try {
                return new ResolvedTokenizer(
                        servers.probe(request.serverUrl(), request.servedModel()),
                        ResolvedTokenizer.Kind.SERVER,
                        notes);
            } catch (TokenizerUnavailableException e) {
                notes.add("the server's /tokenize: " + e.getMessage());
            }
        }
        return new ResolvedTokenizer(SyntheticTokenizer.INSTANCE, ResolvedTokenizer.Kind.SYNTHETIC, notes);
    }

    /** The tokenizer.json an explicit path names; errors name the flag or key. */
    private static Path explicitFile(Path path, String origin) {
        if (!Files.exists(path)) {
            throw HarnessException.badValue(
                    origin,
                    origin + ": tokenizer path " + path
                            + " does not exist; give a tokenizer.json file or a model folder that has one");
        }
        if (!Files.isDirectory(path)) {
            return path;
        }
        Path file = path.resolve("tokenizer.json");
        if (!Files.isRegularFile(file)) {
            throw HarnessException.badValue(origin, origin + ": " + path + " has no tokenizer.json" + otherFiles(path));
        }
        return file;
    }

    /** A local model folder named {@code model}, else the model's snapshot in the Hugging Face cache. */
    private Optional<ResolvedTokenizer> byModel(TokenizerRequest request, List<String> notes) {
        String model = request.model();
        String label = "model " + model + " (" + request.modelOrigin() + ")";
        Optional<Path> folder = localFolder(model);
        Path file;
        ResolvedTokenizer.Kind kind;
        if (folder.isPresent()) {
            file = folder.get().resolve("tokenizer.json");
            if (!Files.isRegularFile(file)) {
                notes.add(label + ": the local folder has no tokenizer.json" + otherFiles(folder.get()));
                return Optional.empty();
            }
            kind = ResolvedTokenizer.Kind.MODEL_FOLDER;
        } else if (!TokenizerRequest.isRepoId(model)) {
            notes.add(label + ": no such local folder, and not a Hugging Face repository id (org/name)");
            return Optional.empty();
        } else {
            HfCache cache = HfCache.fromEnvironment(request.env(), request.home());
            Optional<Path> cached = cache.tokenizerJson(model);
            if (cached.isEmpty()) {
                notes.add(label
                        + (Files.isDirectory(cache.modelFolder(model))
                                ? ": in the Hugging Face cache without a tokenizer.json (" + cache.modelFolder(model)
                                        + ")"
                                : ": not in the Hugging Face cache at " + cache.folder()));
                return Optional.empty();
            }
            file = cached.get();
            kind = ResolvedTokenizer.Kind.HF_CACHE;
        }
        String where = kind == ResolvedTokenizer.Kind.HF_CACHE ? "Hugging Face cache" : "model folder";
        try {
            return Optional.of(new ResolvedTokenizer(files.load(file, label, where), kind, notes));
        } catch (TokenizerUnavailableException e) {
            notes.add(label + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Names the tokenizer files a folder has that this reader does not take. */
    static String otherFiles(Path folder) {
        List<String> found = new ArrayList<>();
        for (String name : List.of("tokenizer.model", "vocab.json", "tiktoken.model")) {
            if (Files.exists(folder.resolve(name))) {
                found.add(name);
            }
        }
        return found.isEmpty()
                ? ""
                : " (it has " + String.join(", ", found)
                        + "; only the Hugging Face tokenizer.json format is read: save the tokenizer with"
                        + " save_pretrained to get one)";
    }

    private static Optional<Path> localFolder(String model) {
        try {
            Path p = Path.of(model);
            return Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
