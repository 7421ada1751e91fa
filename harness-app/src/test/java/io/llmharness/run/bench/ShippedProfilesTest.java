package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.workload.ProfileLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every profile shipped under {@code profiles/} runs against a fast simulator, shortened with {@code -o}
 * ({@code duration=2,num_requests=6} for inference-perf, as the issue asks), and writes one result per stage in
 * every format. Profiles are taken from the repository root, as {@code ./harness} finds them.
 */
@Tag("slow")
class ShippedProfilesTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    static Path data;

    @TempDir
    Path out;

    @BeforeAll
    static void start() throws IOException {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 40; i++) {
            sb.append(i > 0 ? ",\n" : "")
                    .append("{\"id\": \"c")
                    .append(i)
                    .append("\", \"conversations\": [")
                    .append("{\"from\": \"human\", \"value\": \"Question number ")
                    .append(i)
                    .append(": how would you explain a queue to a child, in a few friendly sentences?\"},")
                    .append("{\"from\": \"gpt\", \"value\": \"A queue is a line of people waiting for their turn. ")
                    .append("The first one to arrive is the first one served, and everybody else waits patiently ")
                    .append("behind. Answer ")
                    .append(i)
                    .append(".\"}]}");
        }
        Files.writeString(
                data.resolve("ShareGPT_V3_unfiltered_cleaned_split.json"),
                sb.append("]").toString());
    }

    static Stream<Arguments> profiles() throws IOException {
        Path root = BenchFixture.repositoryRoot().resolve("profiles");
        Map<String, String> shorten = Map.of(
                "inference-perf", "duration=2,num_requests=6",
                "guidellm", "seconds=2,max_seconds=2",
                "vllm-benchmark", "num-prompts=4");
        return shorten.entrySet().stream().sorted(Map.Entry.comparingByKey()).flatMap(e -> {
            try (Stream<Path> files = Files.list(root.resolve(e.getKey()))) {
                return files
                        .map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".yaml.in"))
                        .sorted()
                        .map(n -> Arguments.of(
                                e.getKey(), n.substring(0, n.length() - ".yaml.in".length()), e.getValue()))
                        .toList()
                        .stream();
            } catch (IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
        });
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("profiles")
    void runsAndWritesOneResultPerStage(String harness, String profile, String overrides) {
        Map<String, String> env = Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model",
                "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl(),
                "LLMDBENCH_RUN_DATASET_DIR", data.toString());
        BenchFixture.Outcome o = bench(
                out,
                env,
                new ProfileLocator(BenchFixture.repositoryRoot()),
                new BenchControl(),
                "-l",
                harness,
                "-w",
                profile,
                "-o",
                overrides,
                "--tokenizer",
                "simulator",
                "--warmup-requests",
                "0");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        JsonNode summary = json(run.resolve("summary.json"));
        JsonNode stages = summary.path("stages");
        assertThat(stages.size()).isPositive();
        List<String> files = BenchFixture.files(run);
        for (JsonNode s : stages) {
            int i = s.path("index").asInt();
            assertThat(s.path("metrics").path("requests").asLong())
                    .as("stage %d requests", i)
                    .isPositive();
            assertThat(s.path("metrics").path("failed").asLong())
                    .as("stage %d failures", i)
                    .isZero();
            assertThat(files)
                    .contains(
                            "stage_" + i + "_lifecycle_metrics.json",
                            "benchmark_report_v0.2,_stage_" + i + "_lifecycle_metrics.json.yaml");
            if (stages.size() > 1) {
                assertThat(files).anyMatch(f -> f.startsWith("openai-") && f.endsWith("-stage" + i + ".json"));
            }
        }
        assertThat(files).contains("summary_lifecycle_metrics.json", "requests.csv", "requests.parquet");
        assertThat(summary.path("total")
                        .path("latency_ms")
                        .path("ttft")
                        .path("count")
                        .asLong())
                .isPositive();
    }
}
