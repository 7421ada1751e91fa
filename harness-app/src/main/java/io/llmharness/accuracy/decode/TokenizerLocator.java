package io.llmharness.accuracy.decode;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds a model's {@code tokenizer.json} without a network: a path the user gave (the file or its folder), a
 * {@code --model} that is a local folder, or the Hugging Face cache ({@code $HF_HUB_CACHE}, {@code $HF_HOME/hub},
 * {@code ~/.cache/huggingface/hub}) for the model's id.
 */
public final class TokenizerLocator {

    private TokenizerLocator() {}

    /**
     * The file a user-given path means.
     *
     * @throws HarnessException config error naming {@code flag} when there is no tokenizer.json there
     */
    public static Path resolve(Path given, String flag) {
        if (Files.isRegularFile(given)) {
            return given;
        }
        Path inside = given.resolve("tokenizer.json");
        if (Files.isRegularFile(inside)) {
            return inside;
        }
        throw HarnessException.config(flag + " " + given + ": no tokenizer.json there (give the file or the model"
                + " folder that holds it)");
    }

    /** The first tokenizer.json found for any of the models (HF ids or local paths), in order. */
    public static Optional<Path> find(List<String> models, Map<String, String> env) {
        for (String model : models) {
            if (model == null || model.isBlank()) {
                continue;
            }
            Path local = Path.of(model);
            if (Files.isRegularFile(local.resolve("tokenizer.json"))) {
                return Optional.of(local.resolve("tokenizer.json"));
            }
            if (!model.contains("/") || model.startsWith("/") || model.startsWith(".")) {
                continue;
            }
            for (Path hub : hubDirs(env)) {
                Optional<Path> cached = inCache(hub, model);
                if (cached.isPresent()) {
                    return cached;
                }
            }
        }
        return Optional.empty();
    }

    static List<Path> hubDirs(Map<String, String> env) {
        List<Path> dirs = new ArrayList<>();
        if (env.get("HF_HUB_CACHE") != null) {
            dirs.add(Path.of(env.get("HF_HUB_CACHE")));
        }
        if (env.get("HF_HOME") != null) {
            dirs.add(Path.of(env.get("HF_HOME"), "hub"));
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        if (home != null) {
            dirs.add(Path.of(home, ".cache", "huggingface", "hub"));
        }
        return dirs;
    }

    private static Optional<Path> inCache(Path hub, String model) {
        Path snapshots = hub.resolve("models--" + model.replace("/", "--")).resolve("snapshots");
        if (!Files.isDirectory(snapshots)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(snapshots)) {
            return s.map(d -> d.resolve("tokenizer.json"))
                    .filter(Files::isRegularFile)
                    .max(Comparator.comparing(TokenizerLocator::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
