package io.llmharness.workload.spec;

import io.llmharness.client.SamplingParams;
import io.llmharness.workload.HarnessKind;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a profile says, in one immutable value, whatever its format.
 *
 * @param harness whose semantics the profile was read with
 * @param profile the profile as error messages and reports name it
 * @param load stages, timeouts, cap, seed
 * @param api endpoint, streaming, headers
 * @param server model, URL, ignore_eos
 * @param tokenizer the tokenizer the profile names ({@code pretrained_model_name_or_path}), or null for the model's
 * @param data where prompts come from
 * @param report which reports and percentiles, goodput SLOs
 * @param nativeOptions harness-specific settings the output formats echo (e.g. vLLM's {@code percentile-metrics}),
 *     in file order
 * @param warnings one line each: keys accepted but without effect here
 */
public record WorkloadSpec(
        HarnessKind harness,
        String profile,
        LoadSpec load,
        ApiSpec api,
        ServerSpec server,
        String tokenizer,
        DataSpec data,
        ReportSpec report,
        Map<String, Object> nativeOptions,
        List<String> warnings) {

    public WorkloadSpec {
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(load, "load");
        Objects.requireNonNull(api, "api");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(report, "report");
        nativeOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(nativeOptions));
        warnings = List.copyOf(warnings);
    }

    /**
     * The generation parameters of one request: its {@code max_tokens} (when above 0) and {@code ignore_eos: true}
     * when the profile asks for it (else the field is not sent).
     */
    public SamplingParams sampling(int maxTokens) {
        SamplingParams p = SamplingParams.SERVER_DEFAULTS;
        if (server.ignoreEos()) {
            p = p.withIgnoreEos(true);
        }
        return maxTokens > 0 ? p.withMaxTokens(maxTokens) : p;
    }

    /** This spec with another load. */
    public WorkloadSpec withLoad(LoadSpec l) {
        return new WorkloadSpec(harness, profile, l, api, server, tokenizer, data, report, nativeOptions, warnings);
    }

    /** This spec with another API. */
    public WorkloadSpec withApi(ApiSpec a) {
        return new WorkloadSpec(harness, profile, load, a, server, tokenizer, data, report, nativeOptions, warnings);
    }

    /** This spec with another server. */
    public WorkloadSpec withServer(ServerSpec s) {
        return new WorkloadSpec(harness, profile, load, api, s, tokenizer, data, report, nativeOptions, warnings);
    }

    /** This spec with another tokenizer name. */
    public WorkloadSpec withTokenizer(String t) {
        return new WorkloadSpec(harness, profile, load, api, server, t, data, report, nativeOptions, warnings);
    }

    /** This spec with other report settings. */
    public WorkloadSpec withReport(ReportSpec r) {
        return new WorkloadSpec(harness, profile, load, api, server, tokenizer, data, r, nativeOptions, warnings);
    }
}
