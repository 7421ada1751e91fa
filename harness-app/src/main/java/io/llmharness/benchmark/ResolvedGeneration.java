package io.llmharness.benchmark;

import io.llmharness.client.SamplingParams;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generation parameters of a run and where each came from.
 *
 * @param params what the client sends ({@code null} components are not sent)
 * @param provenance parameter name ({@code max_tokens}, {@code temperature}, …, {@code json_schema},
 *     {@code extra.<field>}) → its source ({@code default (gpt-oss-120b accuracy)}, the file name, the flag);
 *     in resolution order; for the resolved-config file and reports
 * @param warnings ignored inputs (unknown config keys, accuracy flags in a performance run), one line each
 * @param deviations parameters that differ from the MLPerf reference for this mode, one line each; empty for a
 *     reference-conforming run
 */
public record ResolvedGeneration(
        SamplingParams params, Map<String, String> provenance, List<String> warnings, List<String> deviations) {

    public ResolvedGeneration {
        provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
        warnings = List.copyOf(warnings);
        deviations = List.copyOf(deviations);
    }

    /** Whether the parameters equal the reference settings of the benchmark for this mode. */
    public boolean matchesReference() {
        return deviations.isEmpty();
    }
}
