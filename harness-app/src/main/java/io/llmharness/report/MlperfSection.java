package io.llmharness.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SequencedMap;

/**
 * A convenient shape for the {@code mlperf} section of summary.json, for callers that hold LoadGen's result; any
 * other map works as well ({@link RunSummary} takes a map).
 *
 * @param scenario LoadGen scenario, e.g. {@code Server}
 * @param mode test mode, e.g. {@code PerformanceOnly}
 * @param result {@code VALID} or {@code INVALID}
 * @param results key result lines in the order LoadGen prints them (e.g. "Completed tokens per second" → 123.4)
 */
public record MlperfSection(String scenario, String mode, String result, SequencedMap<String, Object> results) {

    public MlperfSection {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(result, "result");
        results = JsonTree.freeze(results);
    }

    /** A section from any map of result lines (a map that is not a {@link SequencedMap} is sorted by key). */
    public static MlperfSection of(String scenario, String mode, String result, Map<String, ?> results) {
        return new MlperfSection(scenario, mode, result, JsonTree.freeze(results == null ? Map.of() : results));
    }

    /** The section as summary.json writes it: scenario, mode, result, results. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", scenario);
        m.put("mode", mode);
        m.put("result", result);
        m.put("results", results);
        return m;
    }
}
