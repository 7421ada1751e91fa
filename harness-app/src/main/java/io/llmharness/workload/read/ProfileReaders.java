package io.llmharness.workload.read;

import io.llmharness.error.HarnessException;
import io.llmharness.workload.RenderedProfile;
import io.llmharness.workload.spec.WorkloadSpec;

/** Reads a rendered profile with the semantics of the harness whose folder it came from. */
public final class ProfileReaders {

    private ProfileReaders() {}

    /**
     * Parses and reads a rendered profile.
     *
     * @param defaultSeed seed used when the profile sets none
     * @throws HarnessException (config) naming the file and key on any problem
     */
    public static WorkloadSpec read(RenderedProfile profile, long defaultSeed) {
        String file = profile.source().display();
        YamlNode root = YamlNode.parse(profile.text(), file);
        return switch (profile.source().harness()) {
            case INFERENCE_PERF -> InferencePerfReader.read(root, defaultSeed);
            case GUIDELLM -> GuidellmReader.read(root, defaultSeed);
            case VLLM_BENCHMARK -> VllmBenchReader.read(root, defaultSeed);
            case NOP, FMPERF, INFERENCEMAX ->
                throw HarnessException.config(
                        file + ": the " + profile.source().harness().dirName()
                                + " harness does not generate load here; use inference-perf, guidellm or vllm-benchmark");
        };
    }
}
