package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.tokenizer.RealTokenizerFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@code harness bench} gets its tokenizer, through the CLI against {@code harness sim} on a loopback port: the
 * profile's tokenizer name resolved by the tokenizer resolver (not found locally, so the server's {@code /tokenize}),
 * a {@code tokenizer.json} given with {@code --tokenizer}, the synthetic vocabulary with {@code --simulate}; and
 * that the choice, with what was not used and why, is printed and written to summary.json and config.resolved.yaml.
 */
class BenchTokenizerSourcesTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path out;

    private Map<String, String> env() {
        return Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model", "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl());
    }

    @Test
    void theProfilesTokenizerNotFoundLocallyIsTheServersTokenize() throws IOException {
        BenchFixture.Outcome o = bench(
                out, env(), new BenchControl(), "-w", "sanity_random", "-o", "duration=2", "--warmup-requests", "0");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out())
                .contains("  tokenizer : server /tokenize at " + sim.baseUrl())
                .contains("not model sim-model (profiles/inference-perf/sanity_random.yaml.in:"
                        + " tokenizer.pretrained_model_name_or_path): not in the Hugging Face cache at ")
                .contains("output tokens (client vs server usage): ");
        assertThat(o.err()).doesNotContain("synthetic vocabulary");
        JsonNode w = json(o.run().resolve("summary.json")).path("workload");
        assertThat(w.path("tokenizer").asText()).isEqualTo("server /tokenize at " + sim.baseUrl());
        assertThat(w.path("tokenizer_kind").asText()).isEqualTo("server");
        assertThat(w.path("tokenizer_notes").toString()).contains("not in the Hugging Face cache");
        String resolved = Files.readString(o.run().resolve("config.resolved.yaml"));
        assertThat(resolved).contains("  kind: server\n", "  not_used:\n");
        // the client's counts of the outputs, through the server's own tokenizer, beside its usage
        JsonNode tokens = json(o.run().resolve("summary.json")).at("/total/tokens");
        assertThat(tokens.path("client_server_compared").asLong()).isEqualTo(2);
        assertThat(tokens.path("client_output_total").asLong()).isPositive();
    }

    @Test
    void aTokenizerJsonGivenWithTheFlagCountsThePromptsExactly() {
        Path llama3 = RealTokenizerFiles.llama3();
        BenchFixture.Outcome o = bench(
                out,
                env(),
                new BenchControl(),
                "-w",
                "sanity_random",
                "-o",
                "duration=3,min=20,max=40,mean=30",
                "--warmup-requests",
                "0",
                "--tokenizer",
                llama3.toString());
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains("  tokenizer : ").contains(llama3.toString());
        JsonNode w = json(o.run().resolve("summary.json")).path("workload");
        assertThat(w.path("tokenizer_kind").asText()).isEqualTo("path");
        assertThat(w.path("tokenizer").asText()).contains(llama3.toString());
        // every prompt has its drawn length in Llama 3 tokens (the client's count in the per-request file)
        JsonNode requests = json(o.run().resolve("per_request_lifecycle_metrics.json"));
        assertThat(requests).hasSize(3);
        for (JsonNode r : requests) {
            assertThat(r.at("/info/request_metrics/text/input_tokens").asInt()).isBetween(20, 40);
        }
    }

    @Test
    void withSimulateTheSyntheticVocabularyIsTheServersOwnAndExact() {
        BenchFixture.Outcome o = bench(
                out,
                Map.of(),
                new BenchControl(),
                "-w",
                "sanity_random",
                "-o",
                "duration=2",
                "--warmup-requests",
                "0",
                "--simulate");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out())
                .contains("  tokenizer : synthetic vocabulary (the simulator's tokenizer)")
                .contains("with --simulate the synthetic vocabulary is the server's own tokenizer");
        assertThat(o.err()).doesNotContain("an estimate for a real model");
        JsonNode total = json(o.run().resolve("summary.json")).path("total").path("tokens");
        assertThat(total.path("client_server_compared").asLong()).isEqualTo(2);
        assertThat(total.path("client_server_mismatches").asLong()).isZero();
    }

    @Test
    void aDryRunResolvesLocallyAndSaysTheServerWouldBeAskedFirst() {
        BenchFixture.Outcome o =
                bench(out, env(), new BenchControl(), "-w", "sanity_random", "--dry-run", "-m", "org/not-cached");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out())
                .contains("  tokenizer : synthetic vocabulary (the simulator's tokenizer)")
                .contains("not model org/not-cached")
                .contains("not asked in a dry run (a run tries " + sim.baseUrl() + "/tokenize");
        assertThat(o.runs()).isEmpty();
    }

    @Test
    void aModelFolderNamedByTheProfileIsReadWithoutAskingTheServer() throws IOException {
        Path folder = Files.createDirectories(out.resolve("models/llama3"));
        Files.copy(RealTokenizerFiles.llama3(), folder.resolve("tokenizer.json"));
        Path profile = out.resolve("p.yaml");
        Files.writeString(profile, """
                load:
                  type: constant
                  stages:
                  - rate: 2
                    duration: 1
                api:
                  type: completion
                  streaming: true
                tokenizer:
                  pretrained_model_name_or_path: %s
                data:
                  type: random
                  input_distribution: {min: 30, max: 30, mean: 30, std_dev: 0}
                  output_distribution: {min: 5, max: 5, mean: 5, std_dev: 0}
                report:
                  request_lifecycle: {per_request: true}
                """.formatted(folder));
        BenchFixture.Outcome o = bench(
                out.resolve("runs"), env(), new BenchControl(), "-w", profile.toString(), "--warmup-requests", "0");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out())
                .contains("  tokenizer : ")
                .contains(folder.resolve("tokenizer.json").toString());
        assertThat(json(o.run().resolve("summary.json"))
                        .at("/workload/tokenizer_kind")
                        .asText())
                .isEqualTo("path");
        for (JsonNode r : json(o.run().resolve("per_request_lifecycle_metrics.json"))) {
            assertThat(r.at("/info/request_metrics/text/input_tokens").asInt()).isEqualTo(30);
        }
    }
}
