package io.llmharness.accuracy.scoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a run directory's {@code config.resolved.yaml} says about how to score it: benchmark, model, mode, dataset
 * (and its row limit) and whether the target was the embedded simulator. Absent values are null.
 *
 * @param category {@code benchmark.model_category}
 * @param model {@code benchmark.model}
 * @param testMode {@code benchmark.test_mode}
 * @param scenario {@code benchmark.scenario}
 * @param dataset {@code dataset.path}
 * @param numSamples {@code dataset.num_samples} (0 = all rows)
 * @param simulated {@code target.kind} is {@code simulator}
 */
public record ScoringInputs(
        String category,
        String model,
        String testMode,
        String scenario,
        Path dataset,
        int numSamples,
        boolean simulated) {

    /** File name of the resolved configuration in a run directory. */
    public static final String FILE = "config.resolved.yaml";

    /** Nothing known (a bare log file). */
    public static final ScoringInputs NONE = new ScoringInputs(null, null, null, null, null, 0, false);

    /** Reads the run directory's record, or {@link #NONE} when it has none. */
    public static ScoringInputs read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return NONE;
        }
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw HarnessException.config(file + ": cannot read (" + e.getMessage() + ")");
        }
        if (root == null) {
            return NONE;
        }
        JsonNode b = root.path("benchmark");
        JsonNode d = root.path("dataset");
        String path = text(d.path("path"));
        return new ScoringInputs(
                text(b.path("model_category")),
                text(b.path("model")),
                text(b.path("test_mode")),
                text(b.path("scenario")),
                path == null ? null : Path.of(path),
                d.path("num_samples").asInt(0),
                "simulator".equals(text(root.path("target").path("kind"))));
    }

    private static String text(JsonNode n) {
        return n.isMissingNode() || n.isNull() ? null : n.asText();
    }
}
