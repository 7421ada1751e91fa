package io.llmharness.accuracy.synth;

import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.DatasetLoader;
import io.llmharness.dataset.DatasetOptions;
import io.llmharness.dataset.column.Column;
import io.llmharness.error.HarnessException;
import io.llmharness.simulator.output.Answers;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.nio.file.Path;
import java.util.List;

/**
 * Builds the simulator's fixed answers from a dataset: each row's prompt token ids map to its reference output,
 * tokenised with the simulator's vocabulary (so {@code harness accuracy} decodes it back exactly). The reference is
 * the first column present of {@code output}, {@code gt_output}, {@code ground_truth}, unless one is named.
 */
public final class ReferenceAnswers {

    /** Reference columns, in the order they are looked for. */
    public static final List<String> COLUMNS = List.of("output", "gt_output", "ground_truth");

    private ReferenceAnswers() {}

    /**
     * Loads the answers.
     *
     * @param column the reference column, or null to pick one of {@link #COLUMNS}
     * @param flag the flag that named the file, for errors
     */
    public static Answers load(Path file, String column, String flag) {
        Dataset d = DatasetLoader.load(file, DatasetOptions.defaults());
        String name = column != null
                ? column
                : COLUMNS.stream()
                        .filter(d.columnNames()::contains)
                        .findFirst()
                        .orElseThrow(() -> HarnessException.config(
                                flag + " " + file + ": no reference column (" + String.join(", ", COLUMNS)
                                        + "); columns present: " + String.join(", ", d.columnNames())));
        Column ref = d.column(name);
        Answers.Builder b = Answers.builder(file.toString());
        for (int row = 0; row < d.size(); row++) {
            String text = ref.text(row);
            b.add(d.inputIds(row), SimTokenizer.INSTANCE.encode(text == null ? "" : text));
        }
        return b.build();
    }
}
