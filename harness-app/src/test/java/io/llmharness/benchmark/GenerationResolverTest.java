package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.SamplingParams;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resolution order: reference defaults → --generation-config → general flags → accuracy flags → guided. */
class GenerationResolverTest {
    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();
    private static final BenchmarkSpec GPT_OSS = REGISTRY.byCategory("gpt-oss-120b");
    private static final BenchmarkSpec LLAMA = REGISTRY.byCategory("llama3.1-8b");
    private static final BenchmarkSpec QWEN = REGISTRY.byCategory("qwen3vl");

    /** The shape of the reference gpt-oss generation_config.json, with comment keys. */
    private static final String REFERENCE_STYLE = """
            {
              "_comment": "Generation parameters for the reference implementation",
              "max_new_tokens": 32768,
              "temperature": 1.0,
              "top_k": -1,
              "top_p": 1.0,
              "_presets": {"deterministic": {"temperature": 0.0}}
            }
            """;

    private static GenerationOptions flags(Integer maxTokens, Double t, Integer k, Double p) {
        return new GenerationOptions(null, maxTokens, t, k, p, null, null, null, false);
    }

    private static GenerationOptions accuracyFlags(Double t, Integer k, Double p) {
        return new GenerationOptions(null, null, null, null, null, t, k, p, false);
    }

    @Test
    void noInputsGiveTheReferenceDefaults() {
        ResolvedGeneration r = GenerationResolver.resolve(GPT_OSS, RunMode.PERFORMANCE, null, GenerationOptions.NONE);
        assertThat(r.params()).isEqualTo(GPT_OSS.defaults(RunMode.PERFORMANCE));
        assertThat(r.params().maxTokens()).isEqualTo(10240);
        assertThat(r.matchesReference()).isTrue();
        assertThat(r.warnings()).isEmpty();
        assertThat(r.provenance())
                .containsExactly(
                        Map.entry("max_tokens", "default (gpt-oss-120b performance)"),
                        Map.entry("min_tokens", "default (gpt-oss-120b performance)"),
                        Map.entry("temperature", "default (gpt-oss-120b performance)"),
                        Map.entry("top_k", "default (gpt-oss-120b performance)"),
                        Map.entry("top_p", "default (gpt-oss-120b performance)"));
    }

    @Test
    void qwenDefaultsSendNothing() {
        ResolvedGeneration r = GenerationResolver.resolve(QWEN, RunMode.ACCURACY, null, GenerationOptions.NONE);
        assertThat(r.params()).isEqualTo(SamplingParams.SERVER_DEFAULTS);
        assertThat(r.provenance()).isEmpty();
    }

    @Test
    void referenceStyleFileDropsCommentKeysAndAppliesToBothModes() {
        GenerationConfig file = GenerationConfigParser.parse(REFERENCE_STYLE, "generation_config.json");
        assertThat(file.warnings()).isEmpty();

        ResolvedGeneration acc = GenerationResolver.resolve(GPT_OSS, RunMode.ACCURACY, file, GenerationOptions.NONE);
        assertThat(acc.params()).isEqualTo(GPT_OSS.defaults(RunMode.ACCURACY));
        assertThat(acc.matchesReference()).isTrue();
        assertThat(acc.provenance()).containsEntry("max_tokens", "generation_config.json");
        assertThat(acc.provenance()).containsEntry("min_tokens", "default (gpt-oss-120b accuracy)");

        ResolvedGeneration perf =
                GenerationResolver.resolve(GPT_OSS, RunMode.PERFORMANCE, file, GenerationOptions.NONE);
        assertThat(perf.params().maxTokens()).isEqualTo(32768);
        assertThat(perf.deviations()).containsExactly("max_tokens 32768 (reference 10240) from generation_config.json");
    }

    @Test
    void cliFlagsBeatTheFile() {
        GenerationConfig file = GenerationConfigParser.parse(REFERENCE_STYLE, "gen.json");
        ResolvedGeneration r =
                GenerationResolver.resolve(GPT_OSS, RunMode.PERFORMANCE, file, flags(10240, 0.6, 20, 0.9));
        assertThat(r.params())
                .isEqualTo(GPT_OSS.defaults(RunMode.PERFORMANCE)
                        .withTemperature(0.6)
                        .withTopK(20)
                        .withTopP(0.9));
        assertThat(r.provenance())
                .containsEntry("max_tokens", "--max-tokens")
                .containsEntry("temperature", "--temperature")
                .containsEntry("top_k", "--top-k")
                .containsEntry("top_p", "--top-p");
        assertThat(r.deviations())
                .containsExactly(
                        "temperature 0.6 (reference 1.0) from --temperature",
                        "top_k 20 (reference -1) from --top-k",
                        "top_p 0.9 (reference 1.0) from --top-p");
    }

    @Test
    void seedAccuracyExampleAccuracyFlagsWinInAccuracyMode() {
        // --max-tokens 32768 --temperature 1.0 --top-k -1 --top-p 1.0
        // --accuracy-temperature 0.001 --accuracy-top-k 1 --accuracy-top-p 1.0
        GenerationOptions o = new GenerationOptions(null, 32768, 1.0, -1, 1.0, 0.001, 1, 1.0, false);
        ResolvedGeneration acc = GenerationResolver.resolve(GPT_OSS, RunMode.ACCURACY, null, o);
        assertThat(acc.params().temperature()).isEqualTo(0.001);
        assertThat(acc.params().topK()).isEqualTo(1);
        assertThat(acc.params().topP()).isEqualTo(1.0);
        assertThat(acc.params().maxTokens()).isEqualTo(32768);
        assertThat(acc.provenance())
                .containsEntry("temperature", "--accuracy-temperature")
                .containsEntry("top_k", "--accuracy-top-k")
                .containsEntry("top_p", "--accuracy-top-p")
                .containsEntry("max_tokens", "--max-tokens");
        assertThat(acc.warnings()).isEmpty();

        ResolvedGeneration perf = GenerationResolver.resolve(GPT_OSS, RunMode.PERFORMANCE, null, o);
        assertThat(perf.params().temperature()).isEqualTo(1.0);
        assertThat(perf.params().topK()).isEqualTo(-1);
        assertThat(perf.params().maxTokens()).isEqualTo(32768);
        assertThat(perf.warnings())
                .containsExactly(
                        "--accuracy-temperature 0.001 ignored: it applies to accuracy runs only (--test-mode accuracy)",
                        "--accuracy-top-k 1 ignored: it applies to accuracy runs only (--test-mode accuracy)",
                        "--accuracy-top-p 1.0 ignored: it applies to accuracy runs only (--test-mode accuracy)");
    }

    @Test
    void generalFlagsApplyToAccuracyWhenNoAccuracyFlagIsGiven() {
        GenerationOptions o = new GenerationOptions(null, null, 0.0, 1, null, null, null, 0.95, false);
        ResolvedGeneration acc = GenerationResolver.resolve(GPT_OSS, RunMode.ACCURACY, null, o);
        assertThat(acc.params().temperature()).isEqualTo(0.0);
        assertThat(acc.params().topK()).isEqualTo(1);
        assertThat(acc.params().topP()).isEqualTo(0.95);
        assertThat(acc.provenance()).containsEntry("temperature", "--temperature");
        assertThat(acc.provenance()).containsEntry("top_p", "--accuracy-top-p");
    }

    @Test
    void accuracyFlagsBeatTheFilesAccuracySection() {
        GenerationConfig file = GenerationConfigParser.parse(
                "{\"temperature\": 0.5, \"accuracy\": {\"temperature\": 0.2, \"max_new_tokens\": 4096}}", "g.json");
        ResolvedGeneration fromFile =
                GenerationResolver.resolve(GPT_OSS, RunMode.ACCURACY, file, GenerationOptions.NONE);
        assertThat(fromFile.params().temperature()).isEqualTo(0.2);
        assertThat(fromFile.params().maxTokens()).isEqualTo(4096);
        assertThat(fromFile.provenance()).containsEntry("temperature", "g.json accuracy");

        ResolvedGeneration flagged =
                GenerationResolver.resolve(GPT_OSS, RunMode.ACCURACY, file, accuracyFlags(0.0, null, null));
        assertThat(flagged.params().temperature()).isEqualTo(0.0);

        ResolvedGeneration perf =
                GenerationResolver.resolve(GPT_OSS, RunMode.PERFORMANCE, file, GenerationOptions.NONE);
        assertThat(perf.params().temperature()).isEqualTo(0.5);
        assertThat(perf.params().maxTokens()).isEqualTo(10240);
    }

    @Test
    void perModeSectionsLetOneFileMatchTheReferenceInBothModes() {
        GenerationConfig file = GenerationConfigParser.parse("""
                {"temperature": 1.0, "top_p": 1.0, "top_k": -1, "min_new_tokens": 1,
                 "performance": {"max_new_tokens": 10240},
                 "accuracy": {"max_new_tokens": 32768}}
                """, "g.json");
        for (RunMode mode : RunMode.values()) {
            ResolvedGeneration r = GenerationResolver.resolve(GPT_OSS, mode, file, GenerationOptions.NONE);
            assertThat(r.params()).as(mode.cliName()).isEqualTo(GPT_OSS.defaults(mode));
        }
    }

    @Test
    void jsonNullUnsetsADefault() {
        GenerationConfig file = GenerationConfigParser.parse("{\"top_k\": null, \"min_tokens\": null}", "g.json");
        ResolvedGeneration r = GenerationResolver.resolve(GPT_OSS, RunMode.PERFORMANCE, file, GenerationOptions.NONE);
        assertThat(r.params().topK()).isNull();
        assertThat(r.params().minTokens()).isNull();
        assertThat(r.provenance()).containsEntry("top_k", "g.json (unset)");
        assertThat(r.deviations()).contains("top_k unset (reference -1) from g.json (unset)");
    }

    @Test
    void extraBodyFieldsAreMerged() {
        GenerationConfig file =
                GenerationConfigParser.parse("{\"extra\": {\"repetition_penalty\": 1.05}, \"seed\": 42}", "g.json");
        ResolvedGeneration r = GenerationResolver.resolve(LLAMA, RunMode.PERFORMANCE, file, GenerationOptions.NONE);
        assertThat(r.params().extra()).containsExactly(Map.entry("repetition_penalty", 1.05));
        assertThat(r.params().seed()).isEqualTo(42L);
        assertThat(r.provenance()).containsEntry("extra.repetition_penalty", "g.json");
        assertThat(r.deviations()).hasSize(2);
    }

    @Test
    void guidedDecodingAddsQwensSchema() {
        GenerationOptions o = new GenerationOptions(null, null, null, null, null, 0.0, null, 1.0, true);
        ResolvedGeneration r = GenerationResolver.resolve(QWEN, RunMode.ACCURACY, null, o);
        assertThat(r.params().jsonSchema()).isEqualTo(QWEN.guidedDecodingSchema());
        assertThat(r.params().temperature()).isEqualTo(0.0);
        assertThat(r.params().topP()).isEqualTo(1.0);
        assertThat(r.params().maxTokens()).isNull();
        assertThat(r.provenance()).containsEntry("json_schema", "--use-guided-decoding");
        assertThat(r.deviations()).contains("guided decoding on (reference: off) from --use-guided-decoding");
    }

    @Test
    void guidedDecodingWithoutSchemaIsAUsageError() {
        GenerationOptions o = new GenerationOptions(null, null, null, null, null, null, null, null, true);
        assertThatThrownBy(() -> GenerationResolver.resolve(LLAMA, RunMode.PERFORMANCE, null, o))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--use-guided-decoding: llama3.1-8b has no output schema to enforce; drop the flag")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(2);
    }

    @Test
    void minAboveMaxNamesBothSources() {
        GenerationConfig file = GenerationConfigParser.parse("{\"min_new_tokens\": 200}", "g.json");
        assertThatThrownBy(() -> GenerationResolver.resolve(LLAMA, RunMode.PERFORMANCE, file, GenerationOptions.NONE))
                .hasMessage("min_tokens 200 (from g.json) is greater than max_tokens 128 (from default (llama3.1-8b"
                        + " performance)); lower min_tokens or raise max_tokens")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(3);
    }

    @Test
    void fileIsReadFromTheOptions(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("generation_config.json");
        Files.writeString(file, REFERENCE_STYLE);
        GenerationOptions o = new GenerationOptions(file, null, null, null, null, null, null, null, false);
        ResolvedGeneration r = GenerationResolver.resolve(GPT_OSS, RunMode.ACCURACY, o);
        assertThat(r.params()).isEqualTo(GPT_OSS.defaults(RunMode.ACCURACY));
        assertThat(r.provenance()).containsEntry("temperature", file.toString());
    }

    @Test
    void flagRangeErrorsNameTheFlag() {
        assertThatThrownBy(() -> flags(0, null, null, null)).hasMessage("--max-tokens 0: must be at least 1");
        assertThatThrownBy(() -> flags(null, -0.5, null, null))
                .hasMessage("--temperature -0.5: must be 0 or more (0 = greedy)");
        assertThatThrownBy(() -> flags(null, null, -2, null))
                .hasMessage("--top-k -2: must be -1 (disabled), 0 (disabled) or a positive count");
        assertThatThrownBy(() -> flags(null, null, null, 1.5)).hasMessage("--top-p 1.5: must be in (0, 1]");
        assertThatThrownBy(() -> flags(null, null, null, 0.0)).hasMessage("--top-p 0.0: must be in (0, 1]");
        assertThatThrownBy(() -> accuracyFlags(Double.NaN, null, null))
                .hasMessage("--accuracy-temperature NaN: must be 0 or more (0 = greedy)");
        assertThatThrownBy(() -> accuracyFlags(null, -3, null))
                .hasMessage("--accuracy-top-k -3: must be -1 (disabled), 0 (disabled) or a positive count");
        assertThatThrownBy(() -> accuracyFlags(null, null, 2.0))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--accuracy-top-p 2.0: must be in (0, 1]")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(2);
    }
}
