package io.llmharness.benchmark;

import io.llmharness.client.SamplingParams;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders the registry as Markdown tables: the generated part of {@code docs/benchmarks.md} (a test keeps the
 * two in step) and, later, a {@code harness benchmarks} listing.
 */
public final class BenchmarkTable {
    private BenchmarkTable() {}

    /** Overview and generation-defaults tables, one row per benchmark. */
    public static String markdown(BenchmarkRegistry registry) {
        StringBuilder out = new StringBuilder();
        out.append("| `--model-category` | also accepted | reference model | endpoint | prompt | samples (perf / acc)"
                + " | EOS ids | response |\n");
        out.append("|---|---|---|---|---|---|---|---|\n");
        for (BenchmarkSpec s : registry.all()) {
            out.append(row(
                    code(s.category()),
                    s.aliases().stream().map(BenchmarkTable::code).collect(Collectors.joining(", ")),
                    code(s.referenceModel()),
                    code(s.endpoint().configName()),
                    prompt(s),
                    s.performanceSampleCount() + " / " + s.accuracySampleCount(),
                    s.eosTokenIds().isEmpty()
                            ? "–"
                            : s.eosTokenIds().stream().map(String::valueOf).collect(Collectors.joining(", ")),
                    s.responseEncoding().name()));
        }
        out.append(
                "\n| `--model-category` | scenario | LoadGen model name | LoadGen scenario | latency limits (p99) |\n");
        out.append("|---|---|---|---|---|\n");
        for (BenchmarkSpec s : registry.all()) {
            for (RunScenario sc : s.scenarios()) {
                LoadGenVariant v = s.variant(sc).orElseThrow();
                String limits = sc == RunScenario.OFFLINE || sc == RunScenario.SINGLE_STREAM
                        ? "–"
                        : v.limits().describe();
                out.append(
                        row(code(s.category()), sc.displayName(), code(v.modelName()), sc.loadgenScenario(), limits));
            }
        }
        out.append("\n| `--model-category` | performance defaults | accuracy defaults |\n");
        out.append("|---|---|---|\n");
        for (BenchmarkSpec s : registry.all()) {
            out.append(row(
                    code(s.category()), params(s.defaults(RunMode.PERFORMANCE)), params(s.defaults(RunMode.ACCURACY))));
        }
        out.append("\n| `--model-category` | accuracy (reference, gate) | compliance | notes |\n");
        out.append("|---|---|---|---|\n");
        for (BenchmarkSpec s : registry.all()) {
            out.append(row(
                    code(s.category()),
                    s.accuracyNotes(),
                    s.complianceTests().isEmpty() ? "none" : String.join(", ", s.complianceTests()),
                    s.notes().isEmpty() ? "–" : s.notes()));
        }
        return out.toString();
    }

    /** Prompt kind and the detection order of its sources, e.g. {@code ids: `tok_input` or `input_tokens`}. */
    private static String prompt(BenchmarkSpec s) {
        String kind = switch (s.promptKind()) {
            case TOKEN_IDS -> "ids: ";
            case TEXT -> "text: ";
            case CHAT -> "chat: ";
        };
        return kind
                + s.promptSources().stream()
                        .map(src -> src.requiredColumns().stream()
                                .map(BenchmarkTable::code)
                                .collect(Collectors.joining("+")))
                        .collect(Collectors.joining(" or "));
    }

    /** Non-null parameters as {@code name=value}, or a note that the server decides. */
    static String params(SamplingParams p) {
        List<String> parts = new ArrayList<>();
        for (GenParam g : GenParam.values()) {
            Object v = g.get(p);
            if (v != null) {
                parts.add(g.key() + "=" + v);
            }
        }
        return parts.isEmpty() ? "nothing sent (server / model generation_config decides)" : String.join(", ", parts);
    }

    /** One table row; a {@code |} inside a cell is escaped so it cannot split the cell. */
    private static String row(String... cells) {
        StringBuilder b = new StringBuilder("|");
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        return b.append('\n').toString();
    }

    private static String code(String s) {
        return s == null ? "–" : "`" + s + "`";
    }
}
