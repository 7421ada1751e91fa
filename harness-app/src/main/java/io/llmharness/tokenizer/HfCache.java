package io.llmharness.tokenizer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The local Hugging Face hub cache, read-only and offline. Its folder is {@code $HF_HUB_CACHE}, else
 * {@code $HUGGINGFACE_HUB_CACHE}, else {@code $HF_HOME/hub}, else {@code $XDG_CACHE_HOME/huggingface/hub}, else
 * {@code ~/.cache/huggingface/hub} (the order {@code huggingface_hub} uses). A model {@code org/name} lives in
 * {@code models--org--name/}; its files are in {@code snapshots/<commit>/}, and {@code refs/main} names the commit
 * the last download came from.
 */
public final class HfCache {

    private final Path hub;

    private HfCache(Path hub) {
        this.hub = hub;
    }

    /** The cache the environment points at ({@code home} stands for {@code ~}). */
    public static HfCache fromEnvironment(Map<String, String> env, Path home) {
        String hubCache = firstSet(env, "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE");
        if (hubCache != null) {
            return new HfCache(expand(hubCache, home));
        }
        String hfHome = firstSet(env, "HF_HOME");
        if (hfHome != null) {
            return new HfCache(expand(hfHome, home).resolve("hub"));
        }
        String xdg = firstSet(env, "XDG_CACHE_HOME");
        Path cache = xdg != null ? expand(xdg, home) : home.resolve(".cache");
        return new HfCache(cache.resolve("huggingface").resolve("hub"));
    }

    /** The hub cache folder. */
    public Path folder() {
        return hub;
    }

    /** The folder of model {@code repoId} ({@code org/name} → {@code models--org--name}). */
    public Path modelFolder(String repoId) {
        return hub.resolve("models--" + repoId.replace("/", "--"));
    }

    /**
     * The model's cached {@code tokenizer.json}: the snapshot {@code refs/main} names when it has one, else the most
     * recently modified snapshot that has one. Empty when the model or the file is not cached (a file whose blob is
     * missing, as after an interrupted download, does not count).
     */
    public Optional<Path> tokenizerJson(String repoId) {
        Path model = modelFolder(repoId);
        Path snapshots = model.resolve("snapshots");
        if (!Files.isDirectory(snapshots)) {
            return Optional.empty();
        }
        Optional<Path> main = mainCommit(model).map(c -> snapshots.resolve(c).resolve("tokenizer.json"));
        if (main.isPresent() && Files.isRegularFile(main.get())) {
            return main;
        }
        try (Stream<Path> dirs = Files.list(snapshots)) {
            List<Path> candidates = dirs.map(d -> d.resolve("tokenizer.json"))
                    .filter(Files::isRegularFile)
                    .toList();
            return candidates.stream().max(Comparator.comparing(HfCache::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> mainCommit(Path model) {
        try {
            String commit = Files.readString(model.resolve("refs").resolve("main"), StandardCharsets.UTF_8)
                    .strip();
            return commit.isEmpty() || commit.contains("/") ? Optional.empty() : Optional.of(commit);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return Long.MIN_VALUE;
        }
    }

    private static String firstSet(Map<String, String> env, String... names) {
        for (String name : names) {
            String v = env.get(name);
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }

    private static Path expand(String path, Path home) {
        if (path.equals("~")) {
            return home;
        }
        if (path.startsWith("~/")) {
            return home.resolve(path.substring(2));
        }
        return Path.of(path);
    }
}
