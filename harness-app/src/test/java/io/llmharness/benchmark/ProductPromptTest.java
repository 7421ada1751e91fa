package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** qwen3-vl chat messages built from product fields and image bytes. */
class ProductPromptTest {
    /** A real 1x1 RGB PNG (one red pixel), 69 bytes. */
    private static final String PNG_BASE64 =
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC";

    private static final byte[] PNG = Base64.getDecoder().decode(PNG_BASE64);
    private static final BenchmarkSpec QWEN = BenchmarkRegistry.builtIn().byCategory("qwen3-vl-235b-a22b");
    private static final List<String> FIELDS =
            List.of("product_image", "product_title", "product_description", "potential_product_categories");

    private static Map<String, Object> row(byte[] image) {
        Map<String, Object> m = new HashMap<>();
        m.put("product_image", image);
        m.put("product_title", "Mug");
        m.put("product_description", "<b>Blue</b> $5 {product_title}");
        m.put("potential_product_categories", List.of("Home > Kitchen > Mugs", "Home"));
        return m;
    }

    @Test
    void fixtureIsARealPng() throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(PNG));
        assertThat(img.getWidth()).isEqualTo(1);
        assertThat(img.getHeight()).isEqualTo(1);
        assertThat(img.getRGB(0, 0) & 0xFFFFFF).isEqualTo(0xFF0000);
    }

    @Test
    void exactChatJsonWithUserTexts() {
        ChatTexts template = new ChatTexts(
                "You are a test.",
                "T={product_title}|D={product_description}|C={potential_product_categories}|{other}");
        PromptPlan plan = PromptBuilders.select(QWEN, FIELDS, "catalogue.parquet", template);
        assertThat(plan.warnings()).isEmpty();
        Prompt p = plan.builder().build(new MapRow(0, row(PNG)));
        assertThat(((Prompt.Chat) p).messages().toString())
                .isEqualTo("[{\"role\":\"system\",\"content\":\"You are a test.\"},"
                        + "{\"role\":\"user\",\"content\":["
                        + "{\"type\":\"text\",\"text\":\"T=Mug|D=<b>Blue</b> $5 {product_title}"
                        + "|C=[\\\"Home > Kitchen > Mugs\\\",\\\"Home\\\"]|{other}\"},"
                        + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64," + PNG_BASE64
                        + "\"}}]}]");
    }

    @Test
    void placeholdersAreUsedAndAnnounced() {
        PromptPlan plan = PromptBuilders.select(QWEN, FIELDS, "catalogue.parquet", ChatTexts.NONE);
        assertThat(plan.warnings())
                .containsExactly(
                        "qwen3-vl-235b-a22b: using the built-in placeholder system prompt, not the MLPerf reference"
                                + " text; pass --system-prompt-file for reference-equivalent prompts",
                        "qwen3-vl-235b-a22b: using the built-in placeholder user message layout; pass"
                                + " --user-prompt-template-file for reference-equivalent prompts");
        var messages = ((Prompt.Chat) plan.builder().build(new MapRow(0, row(PNG)))).messages();
        String system = messages.get(0).path("content").asText();
        assertThat(system).startsWith(ProductPrompt.PLACEHOLDER_SYSTEM_PROMPT);
        assertThat(system).endsWith(QWEN.guidedDecodingSchema().toString());
        assertThat(messages.get(1).path("content").get(0).path("text").asText())
                .isEqualTo("Title:\nMug\n\nDescription:\n<b>Blue</b> $5 {product_title}\n\n"
                        + "Candidate categories (JSON list):\n[\"Home > Kitchen > Mugs\",\"Home\"]");
    }

    @Test
    void systemMessageColumnIsUsedUnlessAFileIsGiven() {
        List<String> cols = List.of("product_image", "product_title", "product_description", "system_message");
        Map<String, Object> r = row(PNG);
        r.put("system_message", "Row system prompt");
        r.remove("potential_product_categories");

        PromptPlan fromColumn =
                PromptBuilders.select(QWEN, cols, "c.pkl", new ChatTexts(null, "{potential_product_categories}"));
        assertThat(fromColumn.warnings()).isEmpty();
        var m = ((Prompt.Chat) fromColumn.builder().build(new MapRow(0, r))).messages();
        assertThat(m.get(0).path("content").asText()).isEqualTo("Row system prompt");
        assertThat(m.get(1).path("content").get(0).path("text").asText())
                .as("no categories column")
                .isEqualTo("[]");

        PromptPlan fromFile = PromptBuilders.select(QWEN, cols, "c.pkl", new ChatTexts("File prompt", "x"));
        var m2 = ((Prompt.Chat) fromFile.builder().build(new MapRow(0, r))).messages();
        assertThat(m2.get(0).path("content").asText()).isEqualTo("File prompt");
    }

    @Test
    void categoriesGivenAsJsonTextStayVerbatim() {
        Map<String, Object> r = row(PNG);
        r.put("potential_product_categories", "[\"A\", \"B\"]");
        PromptPlan plan =
                PromptBuilders.select(QWEN, FIELDS, "c", new ChatTexts("s", "{potential_product_categories}"));
        var m = ((Prompt.Chat) plan.builder().build(new MapRow(0, r))).messages();
        assertThat(m.get(1).path("content").get(0).path("text").asText()).isEqualTo("[\"A\", \"B\"]");
    }

    @Test
    void rowErrorsNameDatasetRowAndColumn() {
        PromptBuilder b = PromptBuilders.select(QWEN, FIELDS, "catalogue.parquet", ChatTexts.NONE)
                .builder();
        Map<String, Object> noTitle = row(PNG);
        noTitle.remove("product_title");
        assertThatThrownBy(() -> b.build(new MapRow(5, noTitle)))
                .isInstanceOf(HarnessException.class)
                .hasMessage(
                        "dataset catalogue.parquet row 5 column 'product_title': value missing; every row needs it");
        assertThatThrownBy(() -> b.build(new MapRow(6, row(new byte[0]))))
                .hasMessage("dataset catalogue.parquet row 6 column 'product_image': no image bytes; every row needs"
                        + " an image");
        assertThatThrownBy(() -> b.build(new MapRow(7, row(new byte[] {'B', 'M', 1, 2}))))
                .hasMessage("dataset catalogue.parquet row 7 column 'product_image': not a PNG, JPEG, WebP or GIF"
                        + " image (first bytes 42 4d 01 02); the column must hold encoded image file bytes")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(3);
    }

    @Test
    void imageFormatsFromMagicBytes() {
        assertThat(ImageDataUrl.format(PNG)).contains("png");
        assertThat(ImageDataUrl.format(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0}))
                .contains("jpeg");
        assertThat(ImageDataUrl.format("RIFF\0\0\0\0WEBPVP8 ".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .contains("webp");
        assertThat(ImageDataUrl.format("RIFF\0\0\0\0WAVEfmt ".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .isEmpty();
        assertThat(ImageDataUrl.format("GIF87a..".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .contains("gif");
        assertThat(ImageDataUrl.format("GIF89a..".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .contains("gif");
        assertThat(ImageDataUrl.format(new byte[] {(byte) 0x89, 'P', 'N'}))
                .as("truncated")
                .isEmpty();
        assertThat(ImageDataUrl.format(null)).isEmpty();
        assertThat(ImageDataUrl.of(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}, "x"))
                .isEqualTo("data:image/jpeg;base64,/9j/");
        assertThatThrownBy(() -> ImageDataUrl.of(new byte[0], "img"))
                .hasMessage("img: not a PNG, JPEG, WebP or GIF image (first bytes none); the column must hold encoded"
                        + " image file bytes");
    }

    @Test
    void templateFilesAreReadAndTheirFinalLineBreakDropped(@TempDir Path dir) throws IOException {
        Path system = Files.writeString(dir.resolve("system.txt"), "Line one\nLine two\n");
        Path user = Files.writeString(dir.resolve("user.txt"), "{product_title}\r\n");
        ChatTexts t = ChatTexts.load(new PromptOptions(system, user));
        assertThat(t).isEqualTo(new ChatTexts("Line one\nLine two", "{product_title}"));
        assertThat(ChatTexts.load(PromptOptions.NONE)).isEqualTo(ChatTexts.NONE);
    }

    @Test
    void templateFileErrorsNameTheFlag(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.txt");
        assertThatThrownBy(() -> ChatTexts.load(new PromptOptions(missing, null)))
                .hasMessage("--system-prompt-file " + missing + ": file not found; check the path")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(3);
        Path blank = Files.writeString(dir.resolve("blank.txt"), " \n");
        assertThatThrownBy(() -> ChatTexts.load(new PromptOptions(null, blank)))
                .hasMessage("--user-prompt-template-file " + blank + ": file is empty; put the prompt text in it");
    }
}
