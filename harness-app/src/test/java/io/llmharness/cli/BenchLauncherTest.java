package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's example exactly as a user types it: the two environment variables, then
 * {@code ./harness bench -l inference-perf -w sanity_random -o min=20,total_count=200}, through the launcher as a
 * separate process, against a simulator serving the model the variable names. One constant stage of 30 requests at
 * 1 req/s, so this takes about 30 s. The model's tokenizer is not on this machine (an empty Hugging Face cache), so
 * the server's {@code /tokenize} counts the tokens. And {@code ./harness bench -l nop} on a vLLM log.
 */
@Tag("slow")
@Tag("launcher")
class BenchLauncherTest {

    private static final String MODEL = "meta-llama/Llama-3.2-1B-Instruct";

    @TempDir
    Path dir;

    @Test
    void theSeedsSanityExampleRunsAsTheSeedShowsIt() throws Exception {
        try (SimulatorServer sim = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withServedModelNames(List.of(MODEL)))
                .with(Latency.fixed(20, 2)))) {
            assertThat(sim.awaitReady(30_000)).isTrue();
            Path root = Path.of("").toAbsolutePath().getParent();
            ProcessBuilder pb = new ProcessBuilder(
                            root.resolve("harness").toString(),
                            "bench",
                            "-l",
                            "inference-perf",
                            "-w",
                            "sanity_random",
                            "-o",
                            "min=20,total_count=200",
                            "--warmup-seconds",
                            "3",
                            "--output-dir",
                            dir.resolve("out").toString())
                    .directory(dir.toFile())
                    .redirectOutput(dir.resolve("stdout.txt").toFile())
                    .redirectError(dir.resolve("stderr.txt").toFile());
            pb.environment().put("LLMDBENCH_DEPLOY_CURRENT_MODEL", MODEL);
            pb.environment().put("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl());
            pb.environment().put("HF_HUB_CACHE", dir.resolve("empty-hf-cache").toString());
            Process p = pb.start();
            assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
            String out = Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
            String err = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(out + err).isEqualTo(ExitCodes.OK);
            Path run;
            try (Stream<Path> s = Files.list(dir.resolve("out"))) {
                run = s.findFirst().orElseThrow();
            }
            String rendered = Files.readString(run.resolve("sanity_random.yaml"));
            assertThat(rendered)
                    .contains("model_name: " + MODEL, "base_url: " + sim.baseUrl(), "    min: 20\n", "total_count: 200")
                    .doesNotContain("REPLACE_ENV");
            JsonNode stage = new ObjectMapper()
                    .readTree(run.resolve("stage_0_lifecycle_metrics.json").toFile());
            assertThat(stage.path("load_summary").path("count").asInt()).isEqualTo(30);
            assertThat(stage.path("successes").path("count").asInt()).isEqualTo(30);
            assertThat(stage.path("successes").path("prompt_len").path("min").asDouble())
                    .isGreaterThanOrEqualTo(20);
            assertThat(out)
                    .contains("stage 0: 30 requests, 30 ok")
                    .contains("  tokenizer : server /tokenize at " + sim.baseUrl())
                    .contains("output tokens (client vs server usage): 0 of 30 requests differ");
            // the warm start ran in a fresh JVM: at least its 8 requests, then until the JIT was idle or 3 s
            assertThat(err)
                    .containsPattern("harness: warm start: \\d+ warm-up requests \\(\\d+ ok\\) in [0-9.]+ s,"
                            + " ended by (jit-idle|time-limit), JIT CPU \\d+ ms; \\d+ connections per server prepared");
            // the harness process itself lowers its JIT after a warm-up ended by an idle JIT (--jit-nice 10 by
            // default; tests running the CLI in-process do not), where Linux and renice let it
            if (err.contains("ended by jit-idle") && Files.isDirectory(Path.of("/proc/self/task")) && renice()) {
                assertThat(err)
                        .containsPattern("prepared \\(\\d+ opened in [0-9.]+ ms\\); JIT threads at nice 10"
                                + " \\(\\d+ threads?\\)");
                assertThat(new ObjectMapper()
                                .readTree(run.resolve("summary.json").toFile())
                                .path("client_health")
                                .path("warm_up")
                                .path("jit_nice")
                                .asInt())
                        .isEqualTo(10);
            }
        }
    }

    @Test
    void theNopHarnessReportsOnAVllmServerLog() throws Exception {
        Path log = dir.resolve("vllm.log");
        try (var in = BenchLauncherTest.class.getResourceAsStream("/nop/vllm-v1-debug.txt")) {
            Files.write(log, in.readAllBytes());
        }
        Path root = Path.of("").toAbsolutePath().getParent();
        Process p = new ProcessBuilder(
                        root.resolve("harness").toString(),
                        "bench",
                        "-l",
                        "nop",
                        "--server-log",
                        log.toString(),
                        "--output-dir",
                        dir.resolve("out").toString())
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String out = Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        String err = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out + err).isEqualTo(ExitCodes.OK);
        assertThat(out).contains("vLLM Standalone (vllm.log, 65 lines)", "model loading       14.99 GiB in 5.12 s");
        Path run;
        try (Stream<Path> s = Files.list(dir.resolve("out"))) {
            run = s.findFirst().orElseThrow();
        }
        assertThat(run.resolve("nop.yaml")).isRegularFile();
        assertThat(run.resolve("benchmark_report/result.yaml")).isRegularFile();
    }

    private static boolean renice() {
        String path = System.getenv("PATH");
        return path != null
                && Stream.of(path.split(java.io.File.pathSeparator))
                        .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, "renice")));
    }
}
