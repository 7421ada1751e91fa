package io.llmharness.workload;

import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The load generators llm-d-benchmark drives, by their directory name under {@code workload/profiles/}. A profile
 * is read with the semantics of the harness it belongs to; the output says which.
 */
public enum HarnessKind {
    /** kubernetes-sigs/inference-perf: the default. */
    INFERENCE_PERF("inference-perf", true),
    /** vllm-project/guidellm scenario files. */
    GUIDELLM("guidellm", true),
    /** vLLM's {@code vllm bench serve}, options as a flat YAML mapping. */
    VLLM_BENCHMARK("vllm-benchmark", true),
    /** The vLLM start-up log parser: no load is generated. */
    NOP("nop", false),
    /** fmperf (removed from llm-d-benchmark after v0.3.3). */
    FMPERF("fmperf", false),
    /** InferenceMAX's bench_serving. */
    INFERENCEMAX("inferencemax", false);

    private final String dirName;
    private final boolean generatesLoad;

    HarnessKind(String dirName, boolean generatesLoad) {
        this.dirName = dirName;
        this.generatesLoad = generatesLoad;
    }

    /** The name llm-d uses ({@code -l}, {@code LLMDBENCH_HARNESS_NAME}) and the profile directory's name. */
    public String dirName() {
        return dirName;
    }

    /** Whether {@code harness bench} can run this harness's profiles on its own load engine. */
    public boolean generatesLoad() {
        return generatesLoad;
    }

    /**
     * Parses a harness name as llm-d spells it.
     *
     * @param where the flag or variable it came from, for the error message
     * @throws HarnessException usage error (flag) or config error (variable) for an unknown name
     */
    public static HarnessKind parse(String name, String where) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (HarnessKind k : values()) {
            if (k.dirName.equals(n)) {
                return k;
            }
        }
        List<String> names = Arrays.stream(values()).map(HarnessKind::dirName).toList();
        throw HarnessException.badValue(
                where,
                where + " '" + name + "': unknown harness" + DidYouMean.hint(n, names) + " (known: "
                        + String.join(", ", names) + ")");
    }
}
