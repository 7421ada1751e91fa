package io.llmharness.accuracy.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Decoding with hand-made tokenizer.json files of the two families the benchmarks use. */
class HfTokenizerDecoderTest {

    @TempDir
    Path dir;

    /** GPT-2 style byte-level BPE (Llama 3, gpt-oss, DeepSeek): Ġ is a space, Ċ a newline, Ã© the bytes of é. */
    private Path byteLevel() throws IOException {
        Path file = dir.resolve("bl/tokenizer.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                {"version": "1.0", "added_tokens": [
                  {"id": 5, "content": "<|eot_id|>", "special": true},
                  {"id": 6, "content": "<tool>", "special": false}],
                 "decoder": {"type": "ByteLevel", "add_prefix_space": true},
                 "model": {"type": "BPE", "vocab": {"Hello": 0, "\\u0120world": 1, "!": 2, "\\u010a": 3,
                   "\\u00c3\\u00a9": 4, "\\u0120,": 7, "\\u0120.": 8}, "merges": []}}
                """);
        return file;
    }

    /** SentencePiece converted to tokenizer.json (Llama 2, Mixtral): ▁ is a space, byte fallback, one leading space stripped. */
    private Path sentencePiece() throws IOException {
        Path file = dir.resolve("sp/tokenizer.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                {"added_tokens": [{"id": 0, "content": "<unk>", "special": true},
                  {"id": 1, "content": "<s>", "special": true}, {"id": 2, "content": "</s>", "special": true}],
                 "decoder": {"type": "Sequence", "decoders": [
                   {"type": "Replace", "pattern": {"String": "\\u2581"}, "content": " "},
                   {"type": "ByteFallback"}, {"type": "Fuse"},
                   {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
                 "model": {"type": "BPE", "vocab": {"<unk>": 0, "<s>": 1, "</s>": 2, "<0x0A>": 3,
                   "\\u2581Hello": 4, "\\u2581world": 5, "<0xC3>": 6, "<0xA9>": 7, "<0xFF>": 8}, "merges": []}}
                """);
        return file;
    }

    @Test
    void byteLevelSkipsOrKeepsSpecialTokens() throws IOException {
        HfTokenizerDecoder d = HfTokenizerDecoder.read(byteLevel(), "--tokenizer");
        int[] ids = {0, 1, 2, 5, 3, 4, 6};
        assertThat(d.decode(ids, true)).isEqualTo("Hello world!\né<tool>");
        assertThat(d.decode(ids, false)).isEqualTo("Hello world!<|eot_id|>\né<tool>");
    }

    @Test
    void unknownIdsDecodeToNothingAndAreCounted() throws IOException {
        HfTokenizerDecoder d = HfTokenizerDecoder.read(byteLevel(), "--tokenizer");
        assertThat(d.decode(new int[] {0, 999, -1, 2}, true)).isEqualTo("Hello!");
        assertThat(d.unknownIds()).isEqualTo(2);
    }

    @Test
    void cleanUpSpacesWhenTheConfigSaysSo() throws IOException {
        Path file = byteLevel();
        HfTokenizerDecoder without = HfTokenizerDecoder.read(file, "--tokenizer");
        assertThat(without.decode(new int[] {0, 7, 1, 8}, true)).isEqualTo("Hello , world .");
        Files.writeString(file.resolveSibling("tokenizer_config.json"), "{\"clean_up_tokenization_spaces\": true}");
        HfTokenizerDecoder with = HfTokenizerDecoder.read(file, "--tokenizer");
        assertThat(with.decode(new int[] {0, 7, 1, 8}, true)).isEqualTo("Hello, world.");
        assertThat(HfTokenizerDecoder.cleanUpSpaces("I do n't know , it 's fine !"))
                .isEqualTo("I don't know, it's fine!");
    }

    @Test
    void sentencePieceBytesAndLeadingSpace() throws IOException {
        HfTokenizerDecoder d = HfTokenizerDecoder.read(sentencePiece(), "--tokenizer");
        assertThat(d.decode(new int[] {1, 4, 5, 3, 6, 7, 2}, true)).isEqualTo("Hello world\né");
        assertThat(d.decode(new int[] {4, 8}, true)).isEqualTo("Hello\uFFFD");
        assertThat(d.decode(new int[] {1, 4}, false)).isEqualTo("<s> Hello");
    }

    @Test
    void locatesTheFileFromAFolderOrTheHuggingFaceCache() throws IOException {
        Path file = byteLevel();
        assertThat(TokenizerLocator.resolve(file.getParent(), "--tokenizer")).isEqualTo(file);
        assertThatThrownBy(() -> TokenizerLocator.resolve(dir.resolve("none"), "--tokenizer"))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("--tokenizer ");
        Path snapshot = dir.resolve("hf/hub/models--meta-llama--Llama-3.1-8B-Instruct/snapshots/abc");
        Files.createDirectories(snapshot);
        Files.copy(file, snapshot.resolve("tokenizer.json"));
        Map<String, String> env = Map.of("HF_HOME", dir.resolve("hf").toString(), "HOME", dir.toString());
        assertThat(TokenizerLocator.find(List.of("meta-llama/Llama-3.1-8B-Instruct"), env))
                .contains(snapshot.resolve("tokenizer.json"));
        assertThat(TokenizerLocator.find(List.of(file.getParent().toString()), env))
                .contains(file);
        assertThat(TokenizerLocator.find(List.of("org/absent"), env)).isEmpty();
    }

    @Test
    void unsupportedDecoderIsOneLine() throws IOException {
        Path file = dir.resolve("wp.json");
        Files.writeString(file, "{\"decoder\": {\"type\": \"WordPiece\"}, \"model\": {\"vocab\": {\"a\": 0}}}");
        assertThatThrownBy(() -> HfTokenizerDecoder.read(file, "--tokenizer"))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("WordPiece");
    }

    @Test
    void simulatorVocabularyRoundTrips() {
        SimTokenDecoder d = new SimTokenDecoder();
        int[] ids = io.llmharness.simulator.tokens.SimTokenizer.INSTANCE.encode("A summary, with 3 parts.\nDone é");
        assertThat(d.decode(ids, true)).isEqualTo("A summary, with 3 parts.\nDone é");
        int[] withEos = java.util.Arrays.copyOf(ids, ids.length + 1);
        withEos[ids.length] = io.llmharness.simulator.tokens.SimTokenizer.EOS;
        assertThat(d.decode(withEos, true)).isEqualTo("A summary, with 3 parts.\nDone é");
        assertThat(d.decode(withEos, false)).endsWith("é</s>");
    }
}
