package io.llmharness.workload.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.RenderedProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The §1.4 / §1.5 examples of llm-d's template rendering, reproduced. */
class TemplateRenderingTest {

    /** The seed's example template (inference-perf/sanity_random.yaml.in), shortened to the keys that matter. */
    static final String SANITY = """
            load:
              type: constant
              stages:
              - rate: 1
                duration: 30
            server:
              type: vllm
              model_name: REPLACE_ENV_LLMDBENCH_DEPLOY_CURRENT_MODEL
              base_url: REPLACE_ENV_LLMDBENCH_HARNESS_STACK_ENDPOINT_URL
            tokenizer:
              pretrained_model_name_or_path: REPLACE_ENV_LLMDBENCH_DEPLOY_CURRENT_MODEL
            data:
              type: random
              input_distribution:
                min: 10             # min length of the synthetic prompts
                max: 100
                total_count: 100    # total number of prompts
              output_distribution:
                min: 10
                max: 100
                total_count: 100
            """;

    static final Map<String, String> ENV = Map.of(
            "LLMDBENCH_DEPLOY_CURRENT_MODEL", "meta-llama/Llama-3.2-1B-Instruct",
            "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", "http://10.0.0.1:80");

    @Test
    void replaceEnvTokensTakeTheVariablesValuesVerbatim() {
        EnvTemplate.Result r = EnvTemplate.render(SANITY, ENV, "sanity_random.yaml.in");
        assertThat(r.text())
                .contains("model_name: meta-llama/Llama-3.2-1B-Instruct")
                .contains("base_url: http://10.0.0.1:80")
                .contains("pretrained_model_name_or_path: meta-llama/Llama-3.2-1B-Instruct")
                .doesNotContain("REPLACE_ENV");
        assertThat(r.variables())
                .containsExactlyInAnyOrder("LLMDBENCH_DEPLOY_CURRENT_MODEL", "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL");
    }

    @Test
    void aMissingVariableIsOneLineNamingItAndTheFile() {
        assertThatThrownBy(() -> EnvTemplate.render(
                        SANITY, Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "m"), "sanity_random.yaml.in"))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("sanity_random.yaml.in")
                .hasMessageContaining("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL")
                .hasMessageNotContaining("\n")
                .extracting(e -> ((HarnessException) e).kind())
                .isEqualTo(HarnessException.Kind.CONFIG);
    }

    @Test
    void anEmptyVariableCountsAsMissing() {
        assertThatThrownBy(() -> EnvTemplate.render("a: REPLACE_ENV_X\n", Map.of("X", ""), "f.yaml.in"))
                .hasMessageContaining("REPLACE_ENV_X");
    }

    @Test
    void aDefaultIsUsedOnlyWhenTheVariableIsUnsetOrEmpty() {
        String t = "url: REPLACE_ENV_URL++++default=http://localhost:8000\nn: REPLACE_ENV_N++++default=3\n";
        assertThat(EnvTemplate.render(t, Map.of(), "f").text()).isEqualTo("url: http://localhost:8000\nn: 3\n");
        assertThat(EnvTemplate.render(t, Map.of("URL", "http://h:1", "N", ""), "f")
                        .text())
                .isEqualTo("url: http://h:1\nn: 3\n");
    }

    @Test
    void aTokenThatIsAPrefixOfALongerOneIsNotClobbered() {
        String t = "a: REPLACE_ENV_RUN_DATASET_DIR/REPLACE_ENV_RUN_DATASET_DIR_X\n";
        Map<String, String> env = Map.of("RUN_DATASET_DIR", "/data", "RUN_DATASET_DIR_X", "file.json");
        assertThat(EnvTemplate.render(t, env, "f").text()).isEqualTo("a: /data/file.json\n");
    }

    @Test
    void commentLinesAreNotSubstituted() {
        String t = "# uses REPLACE_ENV_NOT_SET\nb: 1\n";
        assertThat(EnvTemplate.render(t, Map.of(), "f").text()).isEqualTo(t);
        assertThat(EnvTemplate.variables(t)).isEmpty();
    }

    @Test
    void replaceCommaBecomesAComma() {
        assertThat(EnvTemplate.render("rate: [1REPLACE_COMMA2]\n", Map.of(), "f")
                        .text())
                .isEqualTo("rate: [1,2]\n");
    }

    @Test
    void theDocumentedOverrideRewritesBothDistributions() {
        // docs/run.md: run.sh -l inference-perf -w sanity_random -o min=20,total_count=200
        Overrides.Result r = Overrides.parse("min=20,total_count=200", "-o").apply(SANITY);
        assertThat(r.unmatched()).isEmpty();
        assertThat(r.text())
                .contains("    min: 20\n    max: 100\n    total_count: 200\n  output_distribution:\n"
                        + "    min: 20\n    max: 100\n    total_count: 200\n")
                .doesNotContain("min length of the synthetic prompts"); // the rest of the line is replaced
    }

    @Test
    void everyStagesRateAndEveryKeyContainingTheNameIsRewritten() {
        String t = "stages:\n- rate: 1\n  duration: 30\n- rate: 2\n  duration: 30\nmodel_name: m\n";
        assertThat(Overrides.parse("rate=5", "-o").apply(t).text())
                .isEqualTo("stages:\n- rate: 5\n  duration: 30\n- rate: 5\n  duration: 30\nmodel_name: m\n");
        assertThat(Overrides.parse("name=x", "-o").apply(t).text()).endsWith("model_name: x\n");
    }

    @Test
    void aCommaInAValueIsWrittenReplaceComma() {
        String t = "  - rate: 1\n";
        String overridden =
                Overrides.parse("rate=[1REPLACE_COMMA2]", "-o").apply(t).text();
        assertThat(EnvTemplate.render(overridden, Map.of(), "f").text()).isEqualTo("  - rate: [1,2]\n");
    }

    @Test
    void entriesMaySeparateWithWhiteSpaceAndAValueKeepsEverythingAfterTheFirstEquals() {
        Overrides o = Overrides.parse("min=20 max=30, base_url=http://h:1/?a=b", "-o");
        assertThat(o.entries())
                .containsExactly(
                        new Overrides.Entry("min", "20"),
                        new Overrides.Entry("max", "30"),
                        new Overrides.Entry("base_url", "http://h:1/?a=b"));
    }

    @Test
    void anEntryWithoutEqualsIsAUsageError() {
        assertThatThrownBy(() -> Overrides.parse("min", "--overrides"))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("'min'")
                .extracting(e -> ((HarnessException) e).kind())
                .isEqualTo(HarnessException.Kind.USAGE);
    }

    @Test
    void aDotInTheKeyMatchesAnyCharacterAsInSed() {
        assertThat(Overrides.keyPattern("a.b")).isEqualTo("a.b");
        assertThat(Overrides.parse("std.dev=5", "-o").apply("std_dev: 1\n").text())
                .isEqualTo("std.dev: 5\n");
    }

    @Test
    void overridesComeBeforeReplaceEnvSoATemplatedValueCanBeOverridden() {
        ProfileSource src = new ProfileSource(HarnessKind.INFERENCE_PERF, "sanity_random.yaml.in", "x", SANITY);
        RenderedProfile r = RenderedProfile.render(
                src,
                Overrides.parse("base_url=http://other:9", "-o"),
                "-o",
                Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "m"));
        assertThat(r.text()).contains("base_url: http://other:9");
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void anOverrideKeyThatMatchesNothingIsAWarningNamingTheFile() {
        ProfileSource src = new ProfileSource(
                HarnessKind.INFERENCE_PERF, "sanity_random.yaml.in", "profiles/x/sanity_random.yaml.in", SANITY);
        RenderedProfile r = RenderedProfile.render(src, Overrides.parse("duratoin=5", "-o"), "-o", ENV);
        assertThat(r.warnings()).singleElement().asString().contains("duratoin", "profiles/x/sanity_random.yaml.in");
        RenderedProfile dotted = RenderedProfile.render(src, Overrides.parse("load.stages.0.rate=5", "-o"), "-o", ENV);
        assertThat(dotted.warnings()).singleElement().asString().contains("not dotted paths");
    }
}
