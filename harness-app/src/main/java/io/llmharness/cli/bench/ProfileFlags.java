package io.llmharness.cli.bench;

import io.llmharness.run.bench.BenchRequest;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.template.Overrides;
import java.util.Map;
import picocli.CommandLine.Option;

/** Which profile and how to render it: {@code -l}, {@code -w}, {@code -o}, as llm-d's {@code run.sh} names them. */
public final class ProfileFlags {

    /** llm-d's variable behind {@code -l}. */
    public static final String HARNESS_VAR = "LLMDBENCH_HARNESS_NAME";
    /** llm-d's variable behind {@code -w}. */
    public static final String WORKLOAD_VAR = "LLMDBENCH_HARNESS_EXPERIMENT_PROFILE";
    /** llm-d's variable behind {@code -o}. */
    public static final String OVERRIDES_VAR = "LLMDBENCH_HARNESS_EXPERIMENT_PROFILE_OVERRIDES";

    @Option(
            names = {"-l", "--harness"},
            paramLabel = "NAME",
            description = "Harness whose profiles and semantics to use: inference-perf (default), guidellm,"
                    + " vllm-benchmark, or nop (no load: the start-up report of a vLLM server log). Default from "
                    + HARNESS_VAR + ".")
    String harness;

    @Option(
            names = {"-w", "--workload"},
            paramLabel = "PROFILE",
            description = "Profile name under profiles/<harness>/ (with or without .yaml/.yaml.in) or a path"
                    + " (default: " + WORKLOAD_VAR + ", else sanity_random; nop for -l nop).")
    String workload;

    @Option(
            names = {"-o", "--overrides"},
            paramLabel = "K=V,...",
            description = "Profile overrides, llm-d style: every key of that leaf name is set to the value"
                    + " (write REPLACE_COMMA for a comma). Default from " + OVERRIDES_VAR + ".")
    String overrides;

    /** The harness, from the flag, the variable or the default. */
    public HarnessKind harness(Map<String, String> env) {
        if (harness != null) {
            return HarnessKind.parse(harness, "--harness");
        }
        String v = env.get(HARNESS_VAR);
        return v == null || v.isBlank() ? HarnessKind.INFERENCE_PERF : HarnessKind.parse(v, HARNESS_VAR);
    }

    /** The profile part of a request. */
    public BenchRequest.ProfileChoice toChoice(HarnessKind h, Map<String, String> env) {
        String w = workload;
        String wFrom = "--workload";
        if (w == null) {
            w = env.get(WORKLOAD_VAR);
            wFrom = WORKLOAD_VAR;
        }
        if (w == null || w.isBlank()) {
            w = h == HarnessKind.NOP ? "nop" : "sanity_random";
            wFrom = "the default workload";
        }
        String o = overrides;
        String oFrom = "--overrides";
        if (o == null) {
            o = env.get(OVERRIDES_VAR);
            oFrom = OVERRIDES_VAR;
        }
        return new BenchRequest.ProfileChoice(h, w, wFrom, Overrides.parse(o, oFrom), oFrom);
    }
}
