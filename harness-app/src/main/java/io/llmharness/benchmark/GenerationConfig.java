package io.llmharness.benchmark;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parsed content of a {@code --generation-config} JSON file: values for both modes, values per mode, extra
 * body fields, and warnings about keys that were ignored. A present key with value {@code null} means "unset"
 * (the parameter is not sent and the server default applies), which is different from an absent key.
 *
 * @param source the file as the user named it, used in provenance and messages
 * @param common parameters from top-level keys (both modes)
 * @param performance parameters from the {@code "performance"} object
 * @param accuracy parameters from the {@code "accuracy"} object
 * @param extra body fields from the {@code "extra"} object, sent verbatim (e.g. {@code repetition_penalty})
 * @param warnings one line per ignored key
 */
public record GenerationConfig(
        String source,
        Map<GenParam, Object> common,
        Map<GenParam, Object> performance,
        Map<GenParam, Object> accuracy,
        Map<String, Object> extra,
        List<String> warnings) {

    public GenerationConfig {
        common = freeze(common);
        performance = freeze(performance);
        accuracy = freeze(accuracy);
        extra = extra == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extra));
        warnings = List.copyOf(warnings);
    }

    /** The per-mode section for {@code mode}. */
    public Map<GenParam, Object> section(RunMode mode) {
        return mode == RunMode.ACCURACY ? accuracy : performance;
    }

    private static Map<GenParam, Object> freeze(Map<GenParam, Object> m) {
        // EnumMap keeps null values (= explicitly unset), which Map.copyOf would reject.
        return m == null || m.isEmpty()
                ? Collections.unmodifiableMap(new EnumMap<>(GenParam.class))
                : Collections.unmodifiableMap(new EnumMap<>(m));
    }
}
