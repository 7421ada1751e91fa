package io.llmharness.workload.read;

import io.llmharness.client.EndpointType;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.ReportSpec;
import io.llmharness.workload.spec.ServerSpec;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** guidellm v0.5's flat scenario file (llm-d-benchmark v0.5.2's guidellm profiles). Keys may use {@code -}. */
final class GuidellmFlat {

    static final List<String> KEYS = List.of(
            "target",
            "model",
            "request_type",
            "data_request_formatter",
            "profile",
            "rate",
            "max_seconds",
            "max_requests",
            "data",
            "random_seed",
            "backend",
            "backend_kwargs",
            "processor",
            "processor_args",
            "data_args",
            "data_samples",
            "data_sampler",
            "outputs",
            "output_dir",
            "sample_requests",
            "warmup",
            "cooldown",
            "rampup",
            "prefer_response_metrics",
            "max_errors",
            "max_error_rate",
            "max_global_error_rate",
            "over_saturation");

    private GuidellmFlat() {}

    static WorkloadSpec read(YamlNode original, long defaultSeed, List<String> warnings) {
        YamlNode root = GuidellmDotted.underscored(original);
        root.allowOnly(KEYS);
        for (String k : List.of("warmup", "cooldown", "rampup")) {
            if (root.has(k) && root.child(k).number(0.0) != 0) {
                throw root.child(k).error("guidellm's " + k + " phase is not supported yet");
            }
        }
        for (String k : List.of("max_errors", "max_error_rate", "max_global_error_rate", "over_saturation")) {
            if (root.has(k)) {
                warnings.add(root.where(k) + ": error limits are not applied; the run stops only after many failures"
                        + " in a row");
            }
        }
        for (String k : List.of("backend_kwargs", "processor_args", "data_args", "data_sampler")) {
            if (root.has(k)) {
                warnings.add(root.where(k) + ": not used; requests, prompts and the tokenizer are set up by harness"
                        + " bench (prompts are the synthetic data's, the tokenizer is processor's)");
            }
        }
        for (String k : List.of("outputs", "output_dir")) {
            if (root.has(k)) {
                warnings.add(root.where(k) + ": results always go to the run directory (--output-dir), in"
                        + " inference-perf's, vLLM's and llm-d's formats");
            }
        }
        for (String k : List.of("sample_requests", "prefer_response_metrics")) {
            if (root.has(k)) {
                warnings.add(root.where(k) + ": not used; every request is kept, and token counts come from the"
                        + " server's usage");
            }
        }
        String backend = root.child("backend").string("openai_http");
        if (!backend.equals("openai_http")) {
            throw root.child("backend").error("only openai_http is supported");
        }
        String rt = root.has("request_type")
                ? root.child("request_type").oneOf(null, Set.of("text_completions", "chat_completions"))
                : root.child("data_request_formatter")
                        .oneOf("chat_completions", Set.of("text_completions", "chat_completions"));
        var stages = GuidellmStages.flat(root);
        YamlNode data = root.child("data");
        if (data.missing()) {
            throw root.error("data is missing: give prompt_tokens and output_tokens");
        }
        if (data.isList()) {
            if (data.list().size() != 1) {
                throw data.error("exactly one data entry is supported");
            }
            data = data.list().get(0);
        }
        var dataSpec = GuidellmData.synthetic(data, root.child("data_samples").integer(1000), false);
        return new WorkloadSpec(
                HarnessKind.GUIDELLM,
                root.file(),
                new LoadSpec(stages, null, 0, 0, root.child("random_seed").integer(defaultSeed)),
                new ApiSpec(
                        rt.equals("chat_completions") ? EndpointType.CHAT_COMPLETIONS : EndpointType.COMPLETIONS,
                        true,
                        Map.of()),
                new ServerSpec(
                        "openai_http",
                        InferencePerfReader.blankToNull(root.child("model").string(null)),
                        InferencePerfReader.blankToNull(root.child("target").string(null)),
                        true, // synthetic data asks for exact output lengths
                        null),
                InferencePerfReader.blankToNull(root.child("processor").string(null)),
                dataSpec,
                ReportSpec.DEFAULTS,
                Map.of(),
                warnings);
    }
}
