package io.llmharness.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A summary.json read as a document, for tools that look at many runs (compare, history) and must accept runs of
 * older and newer versions: every field is optional and looked up by path. A workload run's summary.json gets the
 * {@code config} and {@code metrics} sections of an MLPerf run's ({@link WorkloadSummaryLayout}).
 *
 * @param dir the run directory
 * @param root the document
 */
public record SummaryDoc(Path dir, JsonNode root) {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /**
     * Reads {@code DIR/summary.json}.
     *
     * @throws HarnessException (config) naming the directory when it is not a run directory or the file is broken
     */
    public static SummaryDoc read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw HarnessException.config(dir + ": no such directory");
        }
        Path file = dir.resolve(RunOutputs.SUMMARY_JSON);
        if (!Files.isRegularFile(file)) {
            throw HarnessException.config(dir + " is not a run directory: it has no " + RunOutputs.SUMMARY_JSON);
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            if (WorkloadSummaryLayout.isWorkload(root) && root instanceof ObjectNode o) {
                root = WorkloadSummaryLayout.withRunSections(o);
            }
            if (root == null || !root.isObject() || !root.has("metrics")) {
                throw new IOException("not a summary document (no 'metrics' section)");
            }
            return new SummaryDoc(dir, root);
        } catch (IOException e) {
            throw HarnessException.config("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The node at a path of field names, or a missing node. */
    public JsonNode at(String... path) {
        JsonNode n = root;
        for (String p : path) {
            n = n.path(p);
        }
        return n;
    }

    /** A number at a path, or null when absent or not a number. */
    public Double number(String... path) {
        JsonNode n = at(path);
        return n.isNumber() ? n.doubleValue() : null;
    }

    /** Text at a path, or null when absent or null. */
    public String text(String... path) {
        JsonNode n = at(path);
        return n.isMissingNode() || n.isNull() ? null : n.asText();
    }

    /** The run id (the directory name when summary.json has none). */
    public String runId() {
        String id = text("run", "id");
        return id != null ? id : dir.getFileName().toString();
    }

    /** The benchmark or workload: the MLPerf model category, else the workload's name. */
    public String benchmark() {
        return first(text("config", "model_category"), text("config", "workload"), text("config", "benchmark"));
    }

    /** The scenario: MLPerf's, else the workload's. */
    public String scenario() {
        return first(text("config", "scenario"), text("mlperf", "scenario"), text("config", "scenario_name"));
    }

    /** The model the requests named. */
    public String model() {
        return first(text("config", "request_model"), text("config", "model"));
    }

    /** The servers: how the run reached them (external URLs, a server config, the simulator). */
    public String target() {
        return first(text("config", "target"), text("config", "server_config"));
    }

    /**
     * The run's result in one word: ABORTED for an aborted MLPerf run, LoadGen's VALID / INVALID / ACCURACY,
     * else COMPLETED or FAILURES for a workload run.
     */
    public String result() {
        if (at("mlperf", "results", "Aborted").asBoolean(false)) {
            return "ABORTED";
        }
        String r = text("mlperf", "result");
        if (r != null) {
            return r.toUpperCase(Locale.ROOT);
        }
        Double failed = number("metrics", "requests", "failed");
        return failed == null || failed == 0 ? "COMPLETED" : "FAILURES";
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return null;
    }
}
