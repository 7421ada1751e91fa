package io.llmharness.workload.nop;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link NopHarness#run} did. The files exist when it returns; the report and the warnings were already
 * printed.
 *
 * @param result the parsed load-time result
 * @param resultYaml the native {@code result.yaml}
 * @param benchmarkReport the BR v0.1, {@code benchmark_report/result.yaml}
 * @param warnings the warnings printed (each also a {@code harness: warning:} line on the output)
 * @param exitCode 0 when a vLLM start-up was found in the log; 3 (invalid input) when the file has nothing of one
 *     — the files are written either way
 */
public record NopOutcome(NopResult result, Path resultYaml, Path benchmarkReport, List<String> warnings, int exitCode) {

    public NopOutcome {
        warnings = List.copyOf(warnings);
    }
}
