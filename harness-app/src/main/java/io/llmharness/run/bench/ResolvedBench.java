package io.llmharness.run.bench;

import io.llmharness.workload.RenderedProfile;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.List;

/**
 * A workload ready to run: the rendered profile, the spec with the command line applied, and the target.
 *
 * @param profile the rendered profile
 * @param spec the workload (model, base URL, seed, SLOs from the command line already applied)
 * @param baseUrl the server's base URL (null only in a dry run)
 * @param baseUrlFrom the flag, variable or profile key it came from
 * @param model the model the requests name, or null to let the server choose
 * @param modelFrom where the model came from ({@code -m}, a variable, the profile, {@code /v1/models})
 * @param tokenizer how to find the tokenizer, or null when the data needs none
 * @param warnings one line each, in the order they arose
 */
record ResolvedBench(
        RenderedProfile profile,
        WorkloadSpec spec,
        String baseUrl,
        String baseUrlFrom,
        String model,
        String modelFrom,
        BenchTokenizer tokenizer,
        List<String> warnings) {

    ResolvedBench {
        warnings = List.copyOf(warnings);
    }
}
