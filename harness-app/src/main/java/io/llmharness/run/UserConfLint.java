package io.llmharness.run;

import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What LoadGen silently ignores in a user.conf, said on the terminal: a key for another model (also the natural
 * misspelling {@code llama3.1-8b} where LoadGen wants {@code llama3_1-8b}), a scenario that does not exist, a field
 * LoadGen does not read ({@code min_duratoin}). LoadGen's own behaviour stays exact — the keys are still ignored —
 * but the user learns why their 1-second run takes ten minutes. A negative number, which LoadGen's {@code strtoull}
 * would turn into an 18-digit one, is refused instead; {@link SettingsRange} checks what all sources together
 * gave.
 */
final class UserConfLint {

    /** The fields LoadGen reads from a config file (the third part of {@code model.scenario.field}). */
    static final Set<String> FIELDS = Set.of(
            "accuracy_log_probability",
            "accuracy_log_rng_seed",
            "accuracy_log_sampling_target",
            "accuracy_sample_count_override",
            "coalesce_queries",
            "infer_token_latencies",
            "max_async_queries",
            "max_duration",
            "max_query_count",
            "min_duration",
            "min_query_count",
            "mode",
            "performance_issue_same",
            "performance_issue_same_index",
            "performance_issue_unique",
            "performance_sample_count_override",
            "print_timestamps",
            "qsl_rng_seed",
            "sample_concatenate_permutation",
            "sample_index_rng_seed",
            "samples_per_query",
            "schedule_rng_seed",
            "target_latency",
            "target_latency_percentile",
            "target_qps",
            "test05",
            "test05_qsl_rng_seed",
            "test05_sample_index_rng_seed",
            "test05_schedule_rng_seed",
            "token_latency_scaling_factor",
            "tpot_latency",
            "ttft_latency",
            "use_token_latencies");

    static final List<String> SCENARIOS = List.of("SingleStream", "MultiStream", "Server", "Offline", "*");

    private UserConfLint() {}

    /**
     * The warnings for one user.conf and the run's LoadGen model name; throws a config error for a negative value.
     *
     * @param file the user.conf
     * @param model the LoadGen model name of the run ({@code llama3_1-8b})
     */
    static List<String> check(Path file, String model) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return List.of(); // LoadGen's own reader reports an unreadable file
        }
        List<String> warnings = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String where = "--user-conf " + file + " line " + (i + 1);
            String line = lines[i].strip();
            int eq = line.indexOf('=');
            if (line.isEmpty() || line.startsWith("#") || eq <= 0) {
                continue;
            }
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            if (value.startsWith("-")) {
                throw HarnessException.config(where + ": " + key + " = " + value
                        + ": negative values are not allowed (LoadGen would read it as an unsigned number)");
            }
            String problem = problem(key, model);
            if (problem != null) {
                warnings.add(where + ": ignored by LoadGen: " + problem);
            }
        }
        return warnings;
    }

    private static String problem(String key, String model) {
        // model names hold dots of their own (llama3.1-8b): the field and scenario are the last two parts
        int f = key.lastIndexOf('.');
        int sc = f > 0 ? key.lastIndexOf('.', f - 1) : -1;
        if (sc <= 0) {
            return "key '" + key + "' is not model.scenario.field";
        }
        String[] parts = {key.substring(0, sc), key.substring(sc + 1, f), key.substring(f + 1)};
        if (!parts[0].equals("*") && !parts[0].equals(model)) {
            String normalized = parts[0].replace('.', '_');
            return "'" + key + "' is for model '" + parts[0] + "', not this run's '" + model + "'"
                    + (normalized.equals(model) || DidYouMean.distance(parts[0], model) <= 2
                            ? " (did you mean " + model + "." + parts[1] + "." + parts[2] + "?)"
                            : "");
        }
        if (!SCENARIOS.contains(parts[1])) {
            return "unknown scenario '" + parts[1] + "' in '" + key + "'" + DidYouMean.hint(parts[1], SCENARIOS);
        }
        if (!FIELDS.contains(parts[2])) {
            return "unknown field '" + parts[2] + "' in '" + key + "'" + DidYouMean.hint(parts[2], FIELDS);
        }
        return null;
    }
}
