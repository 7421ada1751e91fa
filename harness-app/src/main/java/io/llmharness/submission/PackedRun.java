package io.llmharness.submission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.benchmark.BenchmarkRegistry;
import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.log.RunLogFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run directory as the packer sees it: what its {@code summary.json} says it ran.
 *
 * @param dir the run directory
 * @param benchmark the benchmark
 * @param scenario the scenario (Interactive is its own)
 * @param mode performance, accuracy or TEST06
 * @param userConf the user.conf the run applied, or null
 * @param mlperfRound the round whose seeds the run used ({@code config.mlperf_round}), or null when unknown
 * @param toolVersion the harness version that made the run
 * @param commandLine the run's command line, as recorded (secrets redacted)
 */
record PackedRun(
        Path dir,
        BenchmarkSpec benchmark,
        RunScenario scenario,
        RunMode mode,
        Path userConf,
        String mlperfRound,
        String toolVersion,
        List<String> commandLine) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Reads {@code dir/summary.json}.
     *
     * @throws HarnessException config error naming the directory when it is no harness run directory or ran
     *     something that cannot be submitted
     */
    static PackedRun read(Path given) {
        // RUN_DIR/mlperf (LoadGen's folder) stands for its run directory
        Path dir = Files.isRegularFile(given.resolve("summary.json")) ? given : RunLogFolder.runDirOf(given);
        if (!Files.isRegularFile(dir.resolve("summary.json"))) {
            dir = given;
        }
        Path summary = dir.resolve("summary.json");
        if (!Files.isRegularFile(summary)) {
            throw HarnessException.config(dir + ": no summary.json; give run directories written by 'harness run'");
        }
        JsonNode root;
        try {
            root = JSON.readTree(summary.toFile());
        } catch (IOException e) {
            throw HarnessException.config(summary + ": not readable JSON (" + e.getMessage() + ")", e);
        }
        JsonNode config = root.path("config");
        String category = text(config, "model_category", summary);
        BenchmarkSpec spec;
        try {
            spec = BenchmarkRegistry.builtIn().byCategory(category);
        } catch (HarnessException e) {
            throw HarnessException.config(
                    summary + ": config.model_category '" + category + "' is no benchmark" + " this packer knows");
        }
        RunScenario scenario;
        RunMode mode;
        try {
            scenario = RunScenario.parse(text(config, "scenario", summary));
            mode = RunMode.parse(text(config, "test_mode", summary));
        } catch (HarnessException e) {
            throw HarnessException.config(summary + ": config.scenario or config.test_mode is not one this harness"
                    + " writes (" + e.getMessage() + ")");
        }
        if (mode == RunMode.FIND_PEAK) {
            throw HarnessException.config(
                    dir + ": a find-peak run cannot be submitted; give performance, accuracy" + " and compliance runs");
        }
        String userConf =
                config.path("user_conf").isTextual() ? config.get("user_conf").asText() : null;
        String round = config.path("mlperf_round").isTextual()
                ? config.get("mlperf_round").asText()
                : null;
        List<String> argv = new ArrayList<>();
        root.path("run").path("command_line").forEach(a -> argv.add(a.asText()));
        return new PackedRun(
                dir,
                spec,
                scenario,
                mode,
                userConf == null ? null : Path.of(userConf),
                round,
                root.path("run").path("tool_version").asText("unknown"),
                List.copyOf(argv));
    }

    private static String text(JsonNode config, String key, Path file) {
        JsonNode v = config.get(key);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw HarnessException.config(
                    file + ": config." + key + " is missing; was this directory written by" + " 'harness run'?");
        }
        return v.asText();
    }

    /** A file of the harness's in this run directory (e.g. {@code accuracy.txt}, {@code TEST06/…}). */
    Path file(String name) {
        return dir.resolve(name);
    }

    /**
     * A LoadGen file ({@code mlperf_log_*}): in the run's {@code mlperf/} folder, or at the top level of a run
     * directory written before the folder existed.
     */
    Path loadgenFile(String name) {
        return RunLogFolder.find(dir, name);
    }
}
