package io.llmharness.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.benchmark.PromptSource.MessagesColumn;
import io.llmharness.benchmark.PromptSource.ProductFields;
import io.llmharness.benchmark.PromptSource.TextColumn;
import io.llmharness.benchmark.PromptSource.TokenIdsColumn;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Chooses how to build prompts for a dataset: the first of the benchmark's {@link PromptSource}s whose columns
 * all exist wins, and the matching {@link PromptBuilder} is returned.
 */
public final class PromptBuilders {
    private PromptBuilders() {}

    /**
     * @param columns the dataset's column names
     * @param datasetName the dataset as the user named it ({@code --dataset-path}), for messages
     * @param template texts from {@code --system-prompt-file} / {@code --user-prompt-template-file}
     * @throws HarnessException config error naming the dataset and the expected columns when none is present
     */
    public static PromptPlan select(
            BenchmarkSpec spec, Collection<String> columns, String datasetName, ChatTexts template) {
        Set<String> have = Set.copyOf(columns);
        for (PromptSource source : spec.promptSources()) {
            if (have.containsAll(source.requiredColumns())) {
                return plan(spec, source, have, datasetName, template);
            }
        }
        throw HarnessException.config("dataset " + datasetName + ": no prompt column for " + spec.category()
                + "; expected " + expected(spec) + " (found: " + sample(columns) + ")");
    }

    private static PromptPlan plan(
            BenchmarkSpec spec, PromptSource source, Set<String> have, String datasetName, ChatTexts template) {
        return switch (source) {
            case TokenIdsColumn s -> new PromptPlan(s, row -> tokenIds(row, s.column(), datasetName), List.of());
            case TextColumn s -> new PromptPlan(s, row -> text(row, s.column(), datasetName), List.of());
            case MessagesColumn s -> new PromptPlan(s, row -> messages(row, s.column(), datasetName), List.of());
            case ProductFields s -> {
                boolean systemColumn = s.systemMessage() != null && have.contains(s.systemMessage());
                List<String> warnings = new ArrayList<>();
                if (template.systemPrompt() == null && !systemColumn) {
                    warnings.add(spec.category() + ": using the built-in placeholder system prompt, not the MLPerf"
                            + " reference text; pass --system-prompt-file for reference-equivalent prompts");
                }
                if (template.userTemplate() == null) {
                    warnings.add(spec.category() + ": using the built-in placeholder user message layout; pass"
                            + " --user-prompt-template-file for reference-equivalent prompts");
                }
                boolean categories = s.categories() != null && have.contains(s.categories());
                yield new PromptPlan(
                        s, new ProductPrompt(s, categories, systemColumn, template, datasetName), warnings);
            }
        };
    }

    /** The row's ids exactly as stored: no copy, no BOS, no template. */
    static Prompt tokenIds(RowView row, String column, String datasetName) {
        int[] ids = row.ids(column);
        if (ids == null || ids.length == 0) {
            throw HarnessException.config(where(datasetName, row, column) + ": no token ids; every row needs a prompt");
        }
        return new Prompt.TokenIds(ids);
    }

    static Prompt text(RowView row, String column, String datasetName) {
        String text = row.text(column);
        if (text == null) {
            throw HarnessException.config(where(datasetName, row, column) + ": no text; every row needs a prompt");
        }
        return new Prompt.Text(text);
    }

    static Prompt messages(RowView row, String column, String datasetName) {
        Object v = row.value(column);
        JsonNode node;
        try {
            node = switch (v) {
                case null -> null;
                case JsonNode n -> n;
                case String s -> StrictJson.MAPPER.readTree(s);
                default -> StrictJson.MAPPER.valueToTree(v);
            };
        } catch (JsonProcessingException | IllegalArgumentException e) {
            node = null;
        }
        if (node == null || !node.isArray() || node.isEmpty() || !allMessages(node)) {
            throw HarnessException.config(where(datasetName, row, column)
                    + ": expected a JSON array of chat messages, each with a string 'role' and a 'content'");
        }
        return new Prompt.Chat(node);
    }

    private static boolean allMessages(JsonNode array) {
        for (JsonNode m : array) {
            if (!m.isObject() || !m.path("role").isTextual() || !m.has("content")) {
                return false;
            }
        }
        return true;
    }

    private static String where(String datasetName, RowView row, String column) {
        return "dataset " + datasetName + " row " + row.index() + " column '" + column + "'";
    }

    private static String expected(BenchmarkSpec spec) {
        return spec.promptSources().stream()
                .map(s -> String.join("+", s.requiredColumns()))
                .collect(Collectors.joining(" or "));
    }

    private static String sample(Collection<String> columns) {
        if (columns.isEmpty()) {
            return "no columns";
        }
        String shown = columns.stream().limit(20).collect(Collectors.joining(", "));
        return columns.size() > 20 ? shown + ", … " + (columns.size() - 20) + " more" : shown;
    }
}
