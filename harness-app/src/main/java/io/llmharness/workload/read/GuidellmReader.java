package io.llmharness.workload.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.client.EndpointType;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.ReportSpec;
import io.llmharness.workload.spec.ServerSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads guidellm profiles in both formats llm-d-benchmark ships: the v0.7 scenario ({@code metadata}, {@code spec}
 * with {@code backend}, {@code profile}, {@code constraints}, {@code data}, and {@code benchmarks} of dotted-key
 * changes to {@code spec}, one benchmark each) and the v0.5 flat scenario ({@code target}, {@code model},
 * {@code profile}, {@code rate}, {@code max_seconds}, {@code data}). Each benchmark (each rate or stream count) is
 * one stage. guidellm always streams; requests send {@code ignore_eos} so answers have the configured output
 * lengths.
 */
public final class GuidellmReader {

    private GuidellmReader() {}

    /** Reads a guidellm profile. */
    public static WorkloadSpec read(YamlNode root, long defaultSeed) {
        List<String> warnings = new ArrayList<>();
        return root.has("spec") ? v07(root, defaultSeed, warnings) : GuidellmFlat.read(root, defaultSeed, warnings);
    }

    private static WorkloadSpec v07(YamlNode root, long defaultSeed, List<String> warnings) {
        root.allowOnly(List.of("metadata", "spec", "benchmarks", "apiVersion", "kind"));
        YamlNode spec = root.child("spec").requireObject();
        spec.allowOnly(List.of(
                "backend",
                "profile",
                "constraints",
                "data",
                "data_loader",
                "random_seed",
                "warmup",
                "cooldown",
                "rampup",
                "outputs"));
        YamlNode backend = spec.child("backend");
        backend.allowOnly(List.of("kind", "target", "model", "request_format", "extras", "api_key"));
        if (backend.has("extras")) {
            warnings.add(backend.where("extras") + ": extra request fields are not sent");
        }
        if (spec.has("outputs")) {
            warnings.add(spec.where("outputs") + ": results always go to the run directory (--output-dir), in"
                    + " inference-perf's, vLLM's and llm-d's formats");
        }
        String kind = backend.child("kind").string("openai_http");
        if (!kind.equals("openai_http")) {
            throw backend.child("kind").error("only openai_http backends are supported");
        }
        EndpointType endpoint = endpoint(backend.child("request_format"));
        reportUnsupportedPhases(spec);
        List<Stage> stages = new ArrayList<>();
        List<YamlNode> benchmarks = root.child("benchmarks").list();
        if (benchmarks.isEmpty()) {
            stages.addAll(GuidellmStages.of(spec.child("profile"), spec.child("constraints")));
        } else {
            for (YamlNode b : benchmarks) {
                YamlNode copy = GuidellmDotted.apply(spec, b);
                stages.addAll(GuidellmStages.of(copy.child("profile"), copy.child("constraints")));
            }
        }
        List<YamlNode> data = spec.child("data").list();
        if (data.isEmpty()) {
            throw spec.child("data").error("no data: give one synthetic_text entry");
        }
        if (data.size() > 1) {
            throw data.get(1).error("only one data entry is supported yet");
        }
        DataSpec dataSpec = GuidellmData.synthetic(data.get(0), samples(spec.child("data_loader")), true);
        long seed = spec.child("random_seed").integer(defaultSeed);
        Map<String, Object> nativeOptions = new LinkedHashMap<>();
        YamlNode labels = root.child("metadata").child("labels");
        if (labels.has("name")) {
            nativeOptions.put("name", labels.child("name").string(""));
        }
        return new WorkloadSpec(
                HarnessKind.GUIDELLM,
                root.file(),
                new LoadSpec(stages, null, 0, 0, seed),
                new ApiSpec(endpoint, true, Map.of()),
                new ServerSpec(
                        "openai_http",
                        InferencePerfReader.blankToNull(backend.child("model").string(null)),
                        InferencePerfReader.blankToNull(backend.child("target").string(null)),
                        true, // synthetic data asks for exact output lengths
                        InferencePerfReader.blankToNull(backend.child("api_key").string(null))),
                null,
                dataSpec,
                ReportSpec.DEFAULTS,
                nativeOptions,
                warnings);
    }

    private static void reportUnsupportedPhases(YamlNode spec) {
        for (String k : List.of("warmup", "cooldown", "rampup")) {
            YamlNode n = spec.child(k);
            if (!n.missing() && !(n.isObject() || n.number(0.0) == 0)) {
                throw n.error("guidellm's " + k + " phase is not supported yet; use --warmup-requests for a warm-up");
            }
        }
    }

    private static int samples(YamlNode loader) {
        loader.allowOnly(List.of("kind", "samples"));
        return loader.child("samples").integer(1000);
    }

    static EndpointType endpoint(YamlNode format) {
        String f = format.string("/v1/completions").strip();
        return switch (f) {
            case "/v1/completions", "text_completions", "completions" -> EndpointType.COMPLETIONS;
            case "/v1/chat/completions", "chat_completions", "chat" -> EndpointType.CHAT_COMPLETIONS;
            default ->
                throw format.error(
                        "unknown request format '" + f + "'; use /v1/completions or" + " /v1/chat/completions");
        };
    }

    /** A fresh empty mapping node, for building copies. */
    static ObjectNode emptyObject() {
        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    }
}
