package io.llmharness.run;

import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.PromptKind;
import io.llmharness.benchmark.PromptPlan;
import io.llmharness.benchmark.PromptSource;
import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.client.Prompt;
import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.StandardColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The prompt of every QSL sample. Token-id and text prompts are built for every row before the run starts, so a
 * bad row fails the run before any request is sent; chat prompts (possibly with images) are built when their
 * request is dispatched, after the first row was checked up front.
 */
public final class PromptTable implements IntFunction<Prompt> {

    private final Dataset dataset;
    private final Map<String, String> aliases;
    private final PromptPlan plan;
    private final Prompt[] built;

    private PromptTable(Dataset dataset, Map<String, String> aliases, PromptPlan plan, Prompt[] built) {
        this.dataset = dataset;
        this.aliases = aliases;
        this.plan = plan;
        this.built = built;
    }

    /**
     * Chooses the prompt source for the dataset and builds (or checks) the prompts.
     *
     * @param datasetName the dataset as the user named it, for messages
     * @throws io.llmharness.error.HarnessException naming the dataset, row and column of a bad prompt
     */
    static PromptTable build(
            ResolvedBenchmark benchmark, Dataset dataset, Map<StandardColumn, String> overrides, String datasetName) {
        Map<String, String> aliases = aliases(benchmark.spec(), dataset, overrides);
        Set<String> columns = new LinkedHashSet<>(dataset.columnNames());
        columns.addAll(aliases.keySet());
        PromptPlan plan = benchmark.prompts(List.copyOf(columns), datasetName);
        Prompt[] built = null;
        if (plan.source().kind() == PromptKind.CHAT) {
            plan.builder().build(new DatasetRow(dataset, aliases, 0));
        } else {
            built = new Prompt[dataset.size()];
            for (int i = 0; i < built.length; i++) {
                built[i] = plan.builder().build(new DatasetRow(dataset, aliases, i));
            }
        }
        return new PromptTable(dataset, aliases, plan, built);
    }

    /**
     * Benchmark column name → dataset column, for the standard columns the user named with a flag: an override
     * beats the benchmark's own column name even when the file has a column of that name too.
     */
    static Map<String, String> aliases(BenchmarkSpec spec, Dataset dataset, Map<StandardColumn, String> overrides) {
        Map<String, String> out = new LinkedHashMap<>();
        for (PromptSource s : spec.promptSources()) {
            switch (s) {
                case PromptSource.TokenIdsColumn t ->
                    alias(out, t.column(), dataset, overrides, StandardColumn.INPUT_IDS);
                case PromptSource.TextColumn t -> alias(out, t.column(), dataset, overrides, StandardColumn.INPUT);
                case PromptSource.MessagesColumn m ->
                    alias(out, m.column(), dataset, overrides, StandardColumn.MESSAGES);
                case PromptSource.ProductFields p -> {}
            }
        }
        return out;
    }

    private static void alias(
            Map<String, String> out,
            String column,
            Dataset dataset,
            Map<StandardColumn, String> overrides,
            StandardColumn role) {
        String named = overrides.get(role);
        if (named != null) {
            if (!named.equals(column)) {
                out.put(column, named);
            }
            return;
        }
        dataset.columnFor(role)
                .filter(c -> !dataset.columnNames().contains(column))
                .ifPresent(c -> out.put(column, c));
    }

    /** The source that was chosen (for the resolved config and messages). */
    PromptSource source() {
        return plan.source();
    }

    /**
     * The chosen source in words, naming the dataset's own columns: {@code token ids from column 'input_ids'}
     * (a benchmark column read through an alias shows as {@code 'input_ids' (as tok_input)}).
     */
    String describeSource() {
        PromptSource source = plan.source();
        String what = switch (source) {
            case PromptSource.TokenIdsColumn t -> "token ids from column ";
            case PromptSource.TextColumn t -> "text from column ";
            case PromptSource.MessagesColumn m -> "chat messages from column ";
            case PromptSource.ProductFields f -> "product fields from columns ";
        };
        List<String> named = new ArrayList<>();
        for (String c : source.requiredColumns()) {
            String actual = aliases.getOrDefault(c, c);
            named.add("'" + actual + "'" + (actual.equals(c) ? "" : " (as " + c + ")"));
        }
        return what + String.join(", ", named);
    }

    /** Warnings of the prompt plan (placeholder prompts). */
    List<String> warnings() {
        return new ArrayList<>(plan.warnings());
    }

    @Override
    public Prompt apply(int index) {
        if (built != null) {
            return built[index];
        }
        return plan.builder().build(new DatasetRow(dataset, aliases, index));
    }
}
