package io.llmharness.run;

import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.PromptOptions;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.dataset.SyntheticDataset;
import io.llmharness.error.HarnessException;
import io.llmharness.report.progress.Progress;
import io.llmharness.simulator.SimulatorOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code harness demo}: a real, short MLPerf run of llama3.1-8b — Offline, then Server — against the embedded
 * vLLM simulator, through exactly the path {@code harness run} takes (dataset file, user.conf through LoadGen's
 * FromConfig, generation config, HTTP client, LoadGen logs).
 *
 * <p>Sizes are chosen so both runs are VALID with a wide margin on a busy 2-core machine and finish in well under
 * a minute: {@value #ROWS} synthetic rows; Offline issues {@value #OFFLINE_SAMPLES} samples and needs only
 * {@value #OFFLINE_MIN_DURATION_MS} ms (the simulator cannot finish them in less than about 6 s); Server issues
 * {@value #SERVER_QUERIES} queries at {@value #SERVER_QPS} QPS (early stopping needs 459 with none over the
 * limits; equal issue rounds the count to whole passes over the rows), whose TTFT and TPOT sit far below the
 * 2000 ms / 100 ms limits. The generation config asks for at least two output tokens, because LoadGen logs an
 * error for a one-token response when token latencies are on.
 */
public final class Demo {

    static final int ROWS = 240;
    static final int OFFLINE_SAMPLES = 480;
    static final int OFFLINE_MIN_DURATION_MS = 4000;
    static final int OFFLINE_EXPECTED_QPS = 100;
    static final int SERVER_QUERIES = 480;
    static final int SERVER_QPS = 30;
    static final int SERVER_MIN_DURATION_MS = 10000;
    /** The simulator's /metrics is scraped this often, so the report shows the server side too. */
    static final Duration METRICS_INTERVAL = Duration.ofMillis(500);

    private Demo() {}

    /**
     * The demo's inputs and results.
     *
     * @param dir the demo folder (dataset, user.conf, generation config, the two run directories)
     * @param results Offline, then Server (fewer when a run failed to start)
     */
    public record Outcome(Path dir, List<RunResult> results) {
        public Outcome {
            results = List.copyOf(results);
        }
    }

    /**
     * Runs the demo.
     *
     * @param outputDir the demo folder is created inside it
     * @param commandLine the command as typed, for summary.json
     */
    public static Outcome run(
            Path outputDir,
            List<String> commandLine,
            String version,
            Progress.Mode progress,
            RunConsole console,
            RunControl control) {
        Path dir = outputDir.resolve(
                DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT).format(LocalDateTime.now()) + "-demo");
        Path dataset = dir.resolve("dataset.json");
        Path userConf = dir.resolve("user.conf");
        Path genConfig = dir.resolve("generation_config.json");
        writeInputs(dir, dataset, userConf, genConfig);
        console.result("llm-harness demo: MLPerf llama3.1-8b, Offline then Server, against the embedded vLLM"
                + " simulator (continuous batching, 8B-on-H100 latencies)");
        console.result("  dataset   : " + ROWS + " synthetic rows shaped like cnn_eval.json (" + dataset + ")");
        console.result("  user.conf : short runs, llama3_1-8b keys (" + userConf + ")");
        List<RunResult> results = new ArrayList<>();
        for (RunScenario scenario : List.of(RunScenario.OFFLINE, RunScenario.SERVER)) {
            if (control.interrupted()) {
                break;
            }
            console.result("");
            RunRequest request = request(scenario, dir, dataset, userConf, genConfig, commandLine, version, progress);
            RunResult r = RunExecutor.execute(RunPlanner.plan(request), console, control);
            results.add(r);
            ResultLines.of(r).forEach(console::result);
            if (r.outcome() != RunResult.Outcome.VALID) {
                break;
            }
        }
        return new Outcome(dir, results);
    }

    static RunRequest request(
            RunScenario scenario,
            Path dir,
            Path dataset,
            Path userConf,
            Path genConfig,
            List<String> commandLine,
            String version,
            Progress.Mode progress) {
        GenerationOptions gen = new GenerationOptions(genConfig, null, null, null, null, null, null, null, false);
        return new RunRequest(
                new BenchmarkOptions(
                        "llama3.1-8b",
                        "meta-llama/Llama-3.1-8B-Instruct",
                        scenario,
                        RunMode.PERFORMANCE,
                        null,
                        gen,
                        PromptOptions.NONE),
                new RunRequest.DatasetRequest(dataset, null, Map.of(), null),
                new RunRequest.TargetRequest(
                        List.of(),
                        new RunRequest.SimulateRequest(SimulatorOptions.defaults(), false),
                        null,
                        null,
                        null),
                new RunRequest.LoadGenRequest(userConf, null, null, null, List.of(), false, null),
                new RunRequest.SutRequest(null, true, null, null, null, null),
                new RunRequest.OutputRequest(dir, null, commandLine, version, progress, true),
                new RunRequest.MetricsRequest(true, METRICS_INTERVAL),
                false);
    }

    private static void writeInputs(Path dir, Path dataset, Path userConf, Path genConfig) {
        try {
            Files.createDirectories(dir);
            new SyntheticDataset(ROWS, 42, new SyntheticDataset.LengthDistribution.Normal(200, 60, 64, 400), 60)
                    .writeJson(dataset);
            Files.writeString(userConf, userConf());
            Files.writeString(
                    genConfig,
                    "{\n  \"_comment\": \"LoadGen rejects one-token responses when token latencies are on\",\n"
                            + "  \"min_new_tokens\": 2\n}\n");
        } catch (IOException e) {
            throw HarnessException.execution("cannot write the demo inputs into " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A short-run user.conf with the mlperf.conf key spellings of llama3.1-8b. */
    static String userConf() {
        return String.join(
                "\n",
                "# harness demo: short llama3.1-8b runs (a submission needs min_duration >= 600000 ms and the full set)",
                "llama3_1-8b.*.performance_sample_count_override = " + ROWS,
                "llama3_1-8b.Offline.min_query_count = " + OFFLINE_SAMPLES,
                "llama3_1-8b.Offline.min_duration = " + OFFLINE_MIN_DURATION_MS,
                "llama3_1-8b.Offline.target_qps = " + OFFLINE_EXPECTED_QPS,
                "llama3_1-8b.Server.min_query_count = " + SERVER_QUERIES,
                "llama3_1-8b.Server.min_duration = " + SERVER_MIN_DURATION_MS,
                "llama3_1-8b.Server.target_qps = " + SERVER_QPS,
                "");
    }
}
