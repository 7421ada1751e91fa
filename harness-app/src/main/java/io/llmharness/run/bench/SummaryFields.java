package io.llmharness.run.bench;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.error.HarnessException;
import io.llmharness.report.OutputSpace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Adds fields to a bench run's summary.json after it was written (the failure verdict, a replay's schedule
 * fidelity, the client-health verdict of the run and of each stage): one read and one write through a temporary file and a rename, whatever the number of fields.
 */
final class SummaryFields {

    private SummaryFields() {}

    /**
     * Sets {@code fields} (values as Jackson would write them) in {@code runDir/summary.json}, in their order; does
     * nothing when there is no summary.json.
     *
     * @throws HarnessException (execution) naming the file
     */
    static void add(Path runDir, Map<String, Object> fields) {
        add(runDir, fields, Map.of());
    }

    /**
     * As {@link #add(Path, Map)}, and also sets fields in entries of {@code stages}: for each stage index of
     * {@code stageFields}, its fields in the entry whose {@code index} it is (a stage not in the file is skipped).
     *
     * @throws HarnessException (execution) naming the file
     */
    static void add(Path runDir, Map<String, Object> fields, Map<Integer, Map<String, Object>> stageFields) {
        Path file = runDir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            return;
        }
        ObjectMapper json = new ObjectMapper();
        try {
            ObjectNode root = (ObjectNode) json.readTree(file.toFile());
            fields.forEach((k, v) -> root.set(k, json.valueToTree(v)));
            for (JsonNode stage : root.path("stages")) {
                Map<String, Object> more = stageFields.get(stage.path("index").asInt(-1));
                if (more != null && stage instanceof ObjectNode o) {
                    more.forEach((k, v) -> o.set(k, json.valueToTree(v)));
                }
            }
            DefaultIndenter indent = new DefaultIndenter("  ", "\n");
            byte[] text = json.writer(new DefaultPrettyPrinter()
                            .withObjectIndenter(indent)
                            .withArrayIndenter(indent))
                    .writeValueAsBytes(root);
            OutputSpace.writeWhole(file, o -> o.write(text));
        } catch (IOException | ClassCastException e) {
            throw HarnessException.execution(
                    "cannot add " + String.join(", ", fields.keySet()) + " to " + file + ": " + e.getMessage(), e);
        }
    }
}
