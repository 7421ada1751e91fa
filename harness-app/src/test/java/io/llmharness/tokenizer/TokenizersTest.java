package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resolver's order and notes, with stand-ins for DJL and HTTP; one end-to-end case on a real file. */
class TokenizersTest {

    @TempDir
    Path tmp;

    private final List<String> calls = new ArrayList<>();
    private boolean nativeLoads = true;
    private boolean serverAnswers = true;

    /** A stand-in tokenizer that only says where it came from. */
    private record Fake(String source) implements TextTokenizer {
        @Override
        public int[] encode(String text) {
            return new int[0];
        }

        @Override
        public String decode(int[] ids) {
            return "";
        }
    }

    private Tokenizers resolver() {
        return new Tokenizers(
                (file, origin, label) -> {
                    calls.add("file " + file);
                    if (!nativeLoads) {
                        throw new TokenizerUnavailableException("the native library does not load on test/os");
                    }
                    return new Fake(label + ":" + file);
                },
                (url, model) -> {
                    calls.add("server " + url + " " + model);
                    if (!serverAnswers) {
                        throw new TokenizerUnavailableException(url + "/tokenize answered HTTP 404");
                    }
                    return new Fake("server:" + url);
                });
    }

    private TokenizerRequest request() {
        return TokenizerRequest.none()
                .withEnvironment(Map.of("HF_HUB_CACHE", tmp.resolve("hub").toString()), tmp);
    }

    private Path cached(String repo) throws Exception {
        HfCache cache = HfCache.fromEnvironment(
                Map.of("HF_HUB_CACHE", tmp.resolve("hub").toString()), tmp);
        return HfCacheTest.snapshot(cache.modelFolder(repo), "c0ffee", "{}");
    }

    @Test
    void explicitPathWinsOverEverythingElse() throws Exception {
        Path file = Files.writeString(tmp.resolve("my-tokenizer.json"), "{}");
        cached("org/model");
        ResolvedTokenizer r = resolver()
                .resolveWith(request()
                        .withPath(file, "--tokenizer")
                        .withModel("org/model", "--model")
                        .withServer("http://s", "m"));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.PATH);
        assertThat(r.tokenizer().source()).isEqualTo("given path:" + file);
        assertThat(r.notes()).isEmpty();
        assertThat(calls).containsExactly("file " + file);
    }

    @Test
    void explicitFolderMeansItsTokenizerJson() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("model"));
        Files.writeString(folder.resolve("tokenizer.json"), "{}");
        ResolvedTokenizer r =
                resolver().resolveWith(request().withPath(folder, "tokenizer.pretrained_model_name_or_path"));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.PATH);
        assertThat(calls).containsExactly("file " + folder.resolve("tokenizer.json"));
    }

    @Test
    void missingExplicitPathIsAnErrorNamingTheFlagOrKey() {
        Path missing = tmp.resolve("nope/tokenizer.json");
        assertThatThrownBy(() -> resolver().resolveWith(request().withPath(missing, "--tokenizer")))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--tokenizer: tokenizer path " + missing
                        + " does not exist; give a tokenizer.json file or a model folder that has one")
                .satisfies(e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(2));
        assertThatThrownBy(() ->
                        resolver().resolveWith(request().withPath(missing, "tokenizer.pretrained_model_name_or_path")))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("tokenizer.pretrained_model_name_or_path: tokenizer path " + missing)
                .satisfies(e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(3));
        assertThat(calls).isEmpty();
    }

    @Test
    void explicitFolderWithoutTokenizerJsonIsAnErrorThatSaysWhatItHas() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("llama2"));
        Files.writeString(folder.resolve("tokenizer.model"), "sentencepiece");
        assertThatThrownBy(() -> resolver().resolveWith(request().withPath(folder, "--tokenizer")))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("--tokenizer: " + folder + " has no tokenizer.json (it has tokenizer.model;");
    }

    @Test
    void modelInTheHuggingFaceCacheComesNext() throws Exception {
        Path file = cached("org/model");
        ResolvedTokenizer r = resolver()
                .resolveWith(request().withModel("org/model", "--model").withServer("http://s", "m"));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.HF_CACHE);
        assertThat(r.tokenizer().source()).isEqualTo("Hugging Face cache:" + file);
        assertThat(r.notes()).containsExactly("a tokenizer.json path: none given");
        assertThat(r.isExact()).isTrue();
    }

    @Test
    void localModelFolderNamedAsTheModel() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("models/llama"));
        Files.writeString(folder.resolve("tokenizer.json"), "{}");
        ResolvedTokenizer r = resolver().resolveWith(request().withModel(folder.toString(), "--model"));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.MODEL_FOLDER);
        assertThat(r.tokenizer().source()).isEqualTo("model folder:" + folder.resolve("tokenizer.json"));
    }

    @Test
    void serverWhenTheModelIsNotCached() {
        ResolvedTokenizer r = resolver()
                .resolveWith(request().withModel("org/absent", "--model").withServer("http://s:8000", "served"));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.SERVER);
        assertThat(r.notes())
                .containsExactly(
                        "a tokenizer.json path: none given",
                        "model org/absent (--model): not in the Hugging Face cache at " + tmp.resolve("hub"));
        assertThat(calls).containsExactly("server http://s:8000 served");
    }

    @Test
    void syntheticLastWithOneNotePerBetterSource() throws Exception {
        Files.createDirectories(tmp.resolve("hub/models--org--weights/snapshots/1"));
        serverAnswers = false;
        ResolvedTokenizer r = resolver()
                .resolveWith(request().withModel("org/weights", "--model").withServer("http://s", null));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.SYNTHETIC);
        assertThat(r.tokenizer()).isSameAs(SyntheticTokenizer.INSTANCE);
        assertThat(r.isExact()).isFalse();
        assertThat(r.lines())
                .containsExactly(
                        "tokenizer: synthetic vocabulary (the simulator's tokenizer)",
                        "  not a tokenizer.json path: none given",
                        "  not model org/weights (--model): in the Hugging Face cache without a tokenizer.json ("
                                + tmp.resolve("hub/models--org--weights") + ")",
                        "  not the server's /tokenize: http://s/tokenize answered HTTP 404");
    }

    @Test
    void nothingGivenIsSyntheticAndSaysSo() {
        ResolvedTokenizer r = resolver().resolveWith(request());
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.SYNTHETIC);
        assertThat(r.notes())
                .containsExactly(
                        "a tokenizer.json path: none given",
                        "a model folder or the Hugging Face cache: no model name given",
                        "a server's /tokenize: no server given");
    }

    @Test
    void nativeLibraryThatDoesNotLoadFallsBackToTheServerWithOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("tokenizer.json"), "{}");
        cached("org/model");
        nativeLoads = false;
        ResolvedTokenizer r = resolver()
                .resolveWith(request()
                        .withPath(file, "--tokenizer")
                        .withModel("org/model", "--model")
                        .withServer("http://s", null));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.SERVER);
        assertThat(r.notes())
                .containsExactly(
                        file + " (--tokenizer): the native library does not load on test/os",
                        "model org/model: its tokenizer.json could not be read either (see above)");
        assertThat(calls).containsExactly("file " + file, "server http://s null");
    }

    @Test
    void pathLikeModelThatIsNotHereIsANoteNotAnError() {
        ResolvedTokenizer r = resolver().resolveWith(request().withModel("/models/Llama-3.1-8B", "--model"));
        assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.SYNTHETIC);
        assertThat(r.notes())
                .contains("model /models/Llama-3.1-8B (--model): no such local folder, and not a Hugging Face"
                        + " repository id (org/name)");
    }

    @Test
    void pretrainedNameOrPathIsAPathOnlyWhenItLooksLikeOneOrExists() throws Exception {
        TokenizerRequest base = request();
        String key = "tokenizer.pretrained_model_name_or_path";
        assertThat(base.withPretrained("meta-llama/Llama-3.1-8B", key).model()).isEqualTo("meta-llama/Llama-3.1-8B");
        assertThat(base.withPretrained("meta-llama/Llama-3.1-8B", key).path()).isNull();
        assertThat(base.withPretrained("/models/llama", key).path()).isEqualTo(Path.of("/models/llama"));
        assertThat(base.withPretrained("./tok", key).path()).isEqualTo(Path.of("./tok"));
        assertThat(base.withPretrained("~/tok", key).path()).isEqualTo(tmp.resolve("tok"));
        assertThat(base.withPretrained("tokenizer.json", key).path()).isEqualTo(Path.of("tokenizer.json"));
        Path existing = Files.createDirectories(tmp.resolve("org/model"));
        assertThat(base.withPretrained(existing.toString(), key).path()).isEqualTo(existing);
        assertThat(base.withPretrained(existing.toString(), key).pathOrigin()).isEqualTo(key);
    }

    @Test
    void realFileThroughTheHuggingFaceCacheLayout() throws Exception {
        HfCache cache = HfCache.fromEnvironment(
                Map.of("HF_HUB_CACHE", tmp.resolve("hub").toString()), tmp);
        Path model = cache.modelFolder("meta-llama/Meta-Llama-3-8B");
        Path blob = Files.createDirectories(model.resolve("blobs")).resolve("0123abcd");
        Files.createSymbolicLink(blob, RealTokenizerFiles.llama3());
        Path snapshot = Files.createDirectories(model.resolve("snapshots/5f0b02c7"));
        Files.createSymbolicLink(snapshot.resolve("tokenizer.json"), Path.of("../../blobs/0123abcd"));
        Files.createDirectories(model.resolve("refs"));
        Files.writeString(model.resolve("refs/main"), "5f0b02c7");

        ResolvedTokenizer r = Tokenizers.resolve(TokenizerRequest.none()
                .withEnvironment(Map.of("HF_HUB_CACHE", tmp.resolve("hub").toString()), tmp)
                .withPretrained("meta-llama/Meta-Llama-3-8B", "tokenizer.pretrained_model_name_or_path"));
        try (HfTokenizer t = (HfTokenizer) r.tokenizer()) {
            assertThat(r.kind()).isEqualTo(ResolvedTokenizer.Kind.HF_CACHE);
            assertThat(t.encode("The quick brown fox")).containsExactly(791, 4062, 14198, 39935);
            assertThat(r.lines().get(0))
                    .isEqualTo(
                            "tokenizer: tokenizer.json (Hugging Face cache) at " + snapshot.resolve("tokenizer.json"));
        }
    }
}
