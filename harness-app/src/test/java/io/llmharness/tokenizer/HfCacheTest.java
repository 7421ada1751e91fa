package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HfCacheTest {

    @TempDir
    Path tmp;

    @Test
    void folderFollowsTheHuggingFaceHubVariables() {
        Path home = Path.of("/home/u");
        assertThat(HfCache.fromEnvironment(Map.of(), home).folder()).isEqualTo(home.resolve(".cache/huggingface/hub"));
        assertThat(HfCache.fromEnvironment(Map.of("XDG_CACHE_HOME", "/x"), home).folder())
                .isEqualTo(Path.of("/x/huggingface/hub"));
        assertThat(HfCache.fromEnvironment(Map.of("HF_HOME", "~/hf", "XDG_CACHE_HOME", "/x"), home)
                        .folder())
                .isEqualTo(home.resolve("hf/hub"));
        assertThat(HfCache.fromEnvironment(Map.of("HUGGINGFACE_HUB_CACHE", "/legacy", "HF_HOME", "/h"), home)
                        .folder())
                .isEqualTo(Path.of("/legacy"));
        assertThat(HfCache.fromEnvironment(
                                Map.of("HF_HUB_CACHE", "/hub", "HUGGINGFACE_HUB_CACHE", "/legacy", "HF_HOME", "/h"),
                                home)
                        .folder())
                .isEqualTo(Path.of("/hub"));
        assertThat(HfCache.fromEnvironment(Map.of("HF_HUB_CACHE", " "), home).folder())
                .as("a blank variable counts as unset")
                .isEqualTo(home.resolve(".cache/huggingface/hub"));
    }

    @Test
    void modelFolderNameJoinsOrgAndNameWithDoubleDashes() {
        HfCache cache = HfCache.fromEnvironment(Map.of("HF_HUB_CACHE", tmp.toString()), tmp);
        assertThat(cache.modelFolder("meta-llama/Llama-3.1-8B-Instruct"))
                .isEqualTo(tmp.resolve("models--meta-llama--Llama-3.1-8B-Instruct"));
        assertThat(cache.modelFolder("gpt2")).isEqualTo(tmp.resolve("models--gpt2"));
    }

    @Test
    void prefersTheSnapshotRefsMainNames() throws Exception {
        HfCache cache = HfCache.fromEnvironment(Map.of("HF_HUB_CACHE", tmp.toString()), tmp);
        Path model = cache.modelFolder("org/model");
        Path old = snapshot(model, "aaaa", "{}");
        Path newer = snapshot(model, "bbbb", "{}");
        Files.setLastModifiedTime(old, FileTime.fromMillis(1_000));
        Files.setLastModifiedTime(newer, FileTime.fromMillis(2_000));
        Files.createDirectories(model.resolve("refs"));
        Files.writeString(model.resolve("refs/main"), "aaaa\n");
        assertThat(cache.tokenizerJson("org/model")).contains(old);

        Files.writeString(model.resolve("refs/main"), "cccc");
        assertThat(cache.tokenizerJson("org/model"))
                .as("refs/main names a missing snapshot")
                .contains(newer);
    }

    @Test
    void snapshotFileIsASymlinkIntoBlobsAndABrokenOneDoesNotCount() throws Exception {
        HfCache cache = HfCache.fromEnvironment(Map.of("HF_HUB_CACHE", tmp.toString()), tmp);
        Path model = cache.modelFolder("org/model");
        Path blob = Files.writeString(
                Files.createDirectories(model.resolve("blobs")).resolve("abc123"), "{}");
        Path snap = Files.createDirectories(model.resolve("snapshots/1111"));
        Files.createSymbolicLink(snap.resolve("tokenizer.json"), Path.of("../../blobs/abc123"));
        assertThat(cache.tokenizerJson("org/model")).contains(snap.resolve("tokenizer.json"));

        Files.delete(blob);
        assertThat(cache.tokenizerJson("org/model")).isEmpty();
    }

    @Test
    void missingModelOrFileIsEmpty() throws Exception {
        HfCache cache = HfCache.fromEnvironment(Map.of("HF_HUB_CACHE", tmp.toString()), tmp);
        assertThat(cache.tokenizerJson("org/absent")).isEmpty();
        Files.createDirectories(cache.modelFolder("org/weights-only").resolve("snapshots/1111"));
        Files.writeString(cache.modelFolder("org/weights-only").resolve("snapshots/1111/config.json"), "{}");
        assertThat(cache.tokenizerJson("org/weights-only")).isEmpty();
    }

    /** Writes {@code snapshots/<commit>/tokenizer.json} and returns it. */
    static Path snapshot(Path model, String commit, String content) throws Exception {
        Path dir = Files.createDirectories(model.resolve("snapshots").resolve(commit));
        return Files.writeString(dir.resolve("tokenizer.json"), content);
    }
}
