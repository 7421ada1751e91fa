package io.llmharness.accuracy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an evaluator computed for one accuracy log.
 *
 * @param lines the evaluator's printed output, as the reference prints it (progress lines, then {@code Results}
 *     and the result dict); this is {@code accuracy.txt}
 * @param metrics every gated number as printed (after the reference's rounding), by the checker's key
 * @param notComputed one line per metric that could not be computed, naming what is missing
 * @param notes further lines for the user (decoder, unknown ids, skipped rows), not written to accuracy.txt
 */
public record AccuracyResult(
        List<String> lines, Map<String, Double> metrics, List<String> notComputed, List<String> notes) {

    public AccuracyResult {
        lines = List.copyOf(lines);
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        notComputed = List.copyOf(notComputed);
        notes = List.copyOf(notes);
    }
}
