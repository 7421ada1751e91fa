package io.llmharness.cli.run;

import io.llmharness.dataset.StandardColumn;
import io.llmharness.run.RunRequest;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The dataset file, the sample limit and the column overrides. */
public final class DatasetFlags {

    @Option(
            names = "--dataset-path",
            paramLabel = "FILE",
            description = "Dataset file: JSON, JSON Lines, CSV," + " Parquet or pickle (e.g. cnn_eval.json).")
    Path datasetPath;

    @Option(
            names = "--num-samples",
            paramLabel = "N",
            description = "Use the first N rows (default: all; 0 = all). LoadGen's"
                    + " QSL total and performance counts are the rows in use.")
    Integer numSamples;

    @Option(
            names = "--input-ids-column",
            paramLabel = "COLUMN",
            description =
                    "Column of prompt token ids" + " (default: tok_input, input_tokens, input_ids, prompt_token_ids).")
    String inputIdsColumn;

    @Option(names = "--input-column", paramLabel = "COLUMN", description = "Column of prompt text.")
    String inputColumn;

    @Option(names = "--target-column", paramLabel = "COLUMN", description = "Column of reference outputs.")
    String targetColumn;

    @Option(names = "--messages-column", paramLabel = "COLUMN", description = "Column of chat messages.")
    String messagesColumn;

    @Option(
            names = "--dataset-cache-dir",
            paramLabel = "DIR",
            description = "Cache parsed datasets here for fast" + " reloads (default: no cache).")
    Path cacheDir;

    /** The flags as the dataset part of a run request. */
    public RunRequest.DatasetRequest toRequest() {
        Map<StandardColumn, String> columns = new EnumMap<>(StandardColumn.class);
        put(columns, StandardColumn.INPUT_IDS, inputIdsColumn);
        put(columns, StandardColumn.INPUT, inputColumn);
        put(columns, StandardColumn.TARGETS, targetColumn);
        put(columns, StandardColumn.MESSAGES, messagesColumn);
        return new RunRequest.DatasetRequest(datasetPath, numSamples, columns, cacheDir);
    }

    private static void put(Map<StandardColumn, String> m, StandardColumn c, String v) {
        if (v != null) {
            m.put(c, v);
        }
    }
}
