package io.llmharness.run.bench;

import io.llmharness.run.AccessPlan;
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
 * @param baseUrls every server the load is shared over ({@code --endpoint a,b}), {@code baseUrl} first; the other
 *     servers serve the same model (it is asked of the first)
 * @param model the model the requests name, or null to let the server choose
 * @param modelFrom where the model came from ({@code -m}, a variable, the profile, {@code /v1/models})
 * @param tokenizer how to find the tokenizer, or null when the data needs none
 * @param warnings one line each, in the order they arose
 * @param access API key, headers, TLS and timeouts: the flags over the profile ({@link BenchAccess#plan})
 */
record ResolvedBench(
        RenderedProfile profile,
        WorkloadSpec spec,
        String baseUrl,
        String baseUrlFrom,
        List<String> baseUrls,
        String model,
        String modelFrom,
        BenchTokenizer tokenizer,
        List<String> warnings,
        AccessPlan access) {

    ResolvedBench {
        warnings = List.copyOf(warnings);
        baseUrls = baseUrls == null || baseUrls.isEmpty()
                ? (baseUrl == null ? List.of() : List.of(baseUrl))
                : List.copyOf(baseUrls);
        access = access == null ? AccessPlan.DEFAULT : access;
    }
}
