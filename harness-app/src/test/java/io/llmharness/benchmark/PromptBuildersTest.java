package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Column detection and the token-id, text and messages-column builders. */
class PromptBuildersTest {
    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();
    private static final BenchmarkSpec GPT_OSS = REGISTRY.byCategory("gpt-oss-120b");
    private static final BenchmarkSpec LLAMA = REGISTRY.byCategory("llama3.1-8b");
    private static final BenchmarkSpec QWEN = REGISTRY.byCategory("qwen3vl");

    private static String configError(Runnable r) {
        try {
            r.run();
        } catch (HarnessException e) {
            assertThat(e.exitCode()).isEqualTo(3);
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        }
        throw new AssertionError("no error");
    }

    @Test
    void tokenIdsAreSentVerbatim() {
        PromptPlan plan = PromptBuilders.select(
                LLAMA, List.of("instruction", "input", "tok_input", "output"), "cnn_eval.json", ChatTexts.NONE);
        assertThat(plan.source()).isEqualTo(new PromptSource.TokenIdsColumn("tok_input"));
        assertThat(plan.warnings()).isEmpty();
        int[] ids = {128000, 9, 0, -1, 29871, 128000};
        Prompt p = plan.builder().build(new MapRow(7, Map.of("tok_input", ids, "input", "ignored text")));
        assertThat(p).isInstanceOf(Prompt.TokenIds.class);
        assertThat(((Prompt.TokenIds) p).ids()).isSameAs(ids).containsExactly(128000, 9, 0, -1, 29871, 128000);
    }

    @Test
    void gptOssDetectsEitherIdsColumnInSeedOrder() {
        assertThat(PromptBuilders.select(GPT_OSS, List.of("input_tokens", "dataset"), "acc.parquet", ChatTexts.NONE)
                        .source())
                .isEqualTo(new PromptSource.TokenIdsColumn("input_tokens"));
        assertThat(PromptBuilders.select(GPT_OSS, List.of("input_tokens", "tok_input"), "p.pkl", ChatTexts.NONE)
                        .source())
                .isEqualTo(new PromptSource.TokenIdsColumn("tok_input"));
    }

    @Test
    void missingPromptColumnNamesDatasetAndExpectedColumns() {
        assertThat(configError(() -> PromptBuilders.select(
                        GPT_OSS, List.of("text_input", "dataset", "ground_truth"), "perf.parquet", ChatTexts.NONE)))
                .isEqualTo("dataset perf.parquet: no prompt column for gpt-oss-120b; expected tok_input or"
                        + " input_tokens (found: text_input, dataset, ground_truth)");
        assertThat(configError(
                        () -> PromptBuilders.select(QWEN, List.of("product_title"), "q.parquet", ChatTexts.NONE)))
                .isEqualTo("dataset q.parquet: no prompt column for qwen3-vl-235b-a22b; expected messages or"
                        + " product_image+product_title+product_description (found: product_title)");
        assertThat(configError(() -> PromptBuilders.select(LLAMA, List.of(), "x.json", ChatTexts.NONE)))
                .endsWith("(found: no columns)");
    }

    @Test
    void emptyIdsNameTheRow() {
        PromptBuilder b = PromptBuilders.select(LLAMA, List.of("tok_input"), "cnn_eval.json", ChatTexts.NONE)
                .builder();
        assertThat(configError(() -> b.build(new MapRow(12, Map.of("tok_input", new int[0])))))
                .isEqualTo("dataset cnn_eval.json row 12 column 'tok_input': no token ids; every row needs a prompt");
        assertThat(configError(() -> b.build(new MapRow(13, Map.of()))))
                .isEqualTo("dataset cnn_eval.json row 13 column 'tok_input': no token ids; every row needs a prompt");
    }

    @Test
    void textPrompts() {
        BenchmarkSpec textSpec = BenchmarkSpec.builder("text-bench")
                .prompt(new PromptSource.TextColumn("prompt"))
                .variant("text-bench", LatencyLimits.NONE, RunScenario.OFFLINE)
                .build();
        PromptBuilder b = PromptBuilders.select(textSpec, List.of("prompt"), "t.jsonl", ChatTexts.NONE)
                .builder();
        assertThat(b.build(new MapRow(0, Map.of("prompt", "Hello")))).isEqualTo(new Prompt.Text("Hello"));
        assertThat(configError(() -> b.build(new MapRow(4, Map.of()))))
                .isEqualTo("dataset t.jsonl row 4 column 'prompt': no text; every row needs a prompt");
    }

    @Test
    void messagesColumnFromJsonTextListsOrNodes() {
        PromptPlan plan = PromptBuilders.select(QWEN, List.of("messages", "product_image"), "m.pkl", ChatTexts.NONE);
        assertThat(plan.source()).isEqualTo(new PromptSource.MessagesColumn("messages"));
        assertThat(plan.warnings()).isEmpty();
        String json = "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}]";

        Prompt fromText = plan.builder().build(new MapRow(0, Map.of("messages", json)));
        assertThat(((Prompt.Chat) fromText).messages().toString()).isEqualTo(json);

        List<Object> asLists =
                List.of(Map.of("role", "user", "content", List.of(Map.of("type", "text", "text", "hi"))));
        Prompt fromLists = plan.builder().build(new MapRow(1, Map.of("messages", asLists)));
        assertThat(((Prompt.Chat) fromLists).messages()).isEqualTo(((Prompt.Chat) fromText).messages());

        JsonNode node = ((Prompt.Chat) fromText).messages();
        Prompt fromNode = plan.builder().build(new MapRow(2, Map.of("messages", node)));
        assertThat(((Prompt.Chat) fromNode).messages()).isEqualTo(node);
    }

    @Test
    void badMessagesNameTheRow() {
        PromptBuilder b = PromptBuilders.select(QWEN, List.of("messages"), "m.pkl", ChatTexts.NONE)
                .builder();
        String expected = "dataset m.pkl row 3 column 'messages': expected a JSON array of chat messages, each with a"
                + " string 'role' and a 'content'";
        assertThat(configError(() -> b.build(new MapRow(3, Map.of("messages", "[{\"role\": \"user\"")))))
                .isEqualTo(expected);
        assertThat(configError(() -> b.build(new MapRow(3, Map.of("messages", "[]")))))
                .isEqualTo(expected);
        assertThat(configError(
                        () -> b.build(new MapRow(3, Map.of("messages", "{\"role\":\"user\",\"content\":\"x\"}")))))
                .isEqualTo(expected);
        assertThat(configError(() -> b.build(new MapRow(3, Map.of("messages", "[{\"content\":\"x\"}]")))))
                .isEqualTo(expected);
        assertThat(configError(() -> b.build(new MapRow(3, Map.of())))).isEqualTo(expected);
    }
}
