package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.error.HarnessException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link HfTokenizer} on the real Llama 3 and gpt-oss {@code tokenizer.json} files (see {@link RealTokenizerFiles}). */
class HfTokenizerTest {

    private static final String FOX = "The quick brown fox jumps over the lazy dog.";
    private static HfTokenizer llama3;

    @BeforeAll
    static void load() throws Exception {
        llama3 = HfTokenizer.load(RealTokenizerFiles.llama3(), "--tokenizer", "given path");
    }

    @AfterAll
    static void close() {
        if (llama3 != null) {
            llama3.close();
        }
    }

    @Test
    void llama3EncodesKnownIdsAndRoundTrips() {
        int[] ids = llama3.encode(FOX);
        assertThat(ids).startsWith(791, 4062, 14198);
        assertThat(llama3.decode(ids)).isEqualTo(FOX);
        assertThat(llama3.count(FOX)).isEqualTo(ids.length).isEqualTo(10);
        assertThat(llama3.source())
                .startsWith("tokenizer.json (given path) at ")
                .contains("llama3");
    }

    @Test
    void longTextIsNotTruncatedAt512() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 16_900; i++) {
            sb.append(FOX).append(" Line ").append(i).append(".\n");
        }
        String text = sb.substring(0, 16_900);
        int[] ids = llama3.encode(text);
        assertThat(ids.length).as("DJL's default would stop at 512").isGreaterThan(512);
        assertThat(llama3.decode(ids)).isEqualTo(text);
        assertThat(llama3.count(text)).isEqualTo(ids.length);
    }

    @Test
    void specialTokensOnlyWhenThePostProcessorAddsThemAndOnlyWhenAsked(@TempDir Path dir) throws Exception {
        // This Llama 3 file's post-processor adds nothing; the current upstream file adds <|begin_of_text|>.
        assertThat(llama3.countWithSpecialTokens(FOX)).isEqualTo(llama3.count(FOX));
        Path withBos = withBosTemplate(RealTokenizerFiles.llama3(), dir.resolve("tokenizer.json"));
        try (HfTokenizer t = HfTokenizer.load(withBos, "--tokenizer", "given path")) {
            assertThat(t.encode(FOX)).startsWith(791, 4062, 14198);
            assertThat(t.countWithSpecialTokens(FOX)).isEqualTo(t.count(FOX) + 1);
            assertThat(t.decode(new int[] {128000, 791, 4062})).isEqualTo("The quick");
        }
    }

    @Test
    void gptOssRoundTripsUnicode() throws Exception {
        String text = "Grüße, 世界! 🚀 naïve café\n\tindent";
        try (HfTokenizer t = HfTokenizer.load(RealTokenizerFiles.gptOss(), "--tokenizer", "given path")) {
            int[] ids = t.encode(text);
            assertThat(ids).hasSizeLessThan(text.length());
            assertThat(t.decode(ids)).isEqualTo(text);
            assertThat(t.countWithSpecialTokens(text)).isEqualTo(ids.length);
        }
    }

    @Test
    void invalidJsonIsAConfigErrorNamingTheFile(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("tokenizer.json"), "{\"model\": 42}");
        assertThatThrownBy(() -> HfTokenizer.load(bad, "--tokenizer", "given path"))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("--tokenizer: " + bad + " is not a valid tokenizer.json")
                .satisfies(e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(3));
    }

    /** The Llama 3 file with the BOS template processing that the current upstream file has. */
    private static Path withBosTemplate(Path source, Path target) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(source.toFile());
        ObjectNode bos = json.createObjectNode();
        bos.putObject("SpecialToken").put("id", "<|begin_of_text|>").put("type_id", 0);
        ObjectNode a = json.createObjectNode();
        a.putObject("Sequence").put("id", "A").put("type_id", 0);
        ObjectNode b = json.createObjectNode();
        b.putObject("Sequence").put("id", "B").put("type_id", 1);
        ObjectNode template = json.createObjectNode().put("type", "TemplateProcessing");
        template.putArray("single").add(bos).add(a);
        template.putArray("pair").add(bos).add(a).add(bos.deepCopy()).add(b);
        ObjectNode special = template.putObject("special_tokens").putObject("<|begin_of_text|>");
        special.put("id", "<|begin_of_text|>");
        special.putArray("ids").add(128000);
        special.putArray("tokens").add("<|begin_of_text|>");
        ObjectNode sequence = json.createObjectNode().put("type", "Sequence");
        ArrayNode processors = sequence.putArray("processors");
        processors.add(root.get("post_processor")).add(template);
        root.set("post_processor", sequence);
        json.writeValue(target.toFile(), root);
        return target;
    }
}
