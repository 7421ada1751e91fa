package io.llmharness.workload.read;

import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import java.util.List;

/** inference-perf's {@code data.shared_prefix}, with its aliases and its legacy distribution keys. */
final class InferencePerfSharedPrefix {

    private InferencePerfSharedPrefix() {}

    static DataSpec read(YamlNode s, List<String> warnings) {
        s.allowOnly(List.of(
                "num_groups",
                "num_unique_system_prompts",
                "num_prompts_per_group",
                "num_users_per_system_prompt",
                "system_prompt_len",
                "question_len",
                "output_len",
                "seed",
                "question_distribution",
                "output_distribution",
                "enable_multi_turn_chat",
                "multimodal"));
        s.reject("multimodal", "multimodal data is not supported yet");
        if (s.has("seed")) {
            warnings.add(s.where("seed") + ": one seed drives the whole run (load.base_seed or --seed); this one is"
                    + " not used");
        }
        int groups = InferencePerfLoad.positive(alias(s, "num_groups", "num_unique_system_prompts"), 10);
        int perGroup = InferencePerfLoad.positive(alias(s, "num_prompts_per_group", "num_users_per_system_prompt"), 10);
        LengthDistribution system = length(s.child("system_prompt_len"), 100, warnings);
        LengthDistribution question = legacy(s, "question_len", "question_distribution", 50, warnings);
        LengthDistribution output = legacy(s, "output_len", "output_distribution", 50, warnings);
        return new DataSpec.SharedPrefix(
                groups,
                perGroup,
                system,
                question,
                output,
                s.child("enable_multi_turn_chat").bool(false));
    }

    private static YamlNode alias(YamlNode s, String name, String other) {
        if (s.has(name) && s.has(other)) {
            throw s.child(other).error("give " + name + " or " + other + ", not both");
        }
        return s.has(other) ? s.child(other) : s.child(name);
    }

    private static LengthDistribution legacy(
            YamlNode s, String key, String legacyKey, int dflt, List<String> warnings) {
        if (s.has(legacyKey)) {
            if (s.child(key).isObject()) {
                throw s.child(legacyKey).error("give a distribution in " + key + " or in " + legacyKey + ", not both");
            }
            return InferencePerfData.distribution(s.child(legacyKey), warnings);
        }
        return length(s.child(key), dflt, warnings);
    }

    /** An int (fixed length) or a distribution mapping. */
    private static LengthDistribution length(YamlNode n, int dflt, List<String> warnings) {
        if (n.isObject()) {
            return InferencePerfData.distribution(n, warnings);
        }
        int v = n.integer(dflt);
        if (v < 0) {
            throw n.error("must be >= 0 tokens, got " + v);
        }
        return LengthDistribution.fixed(v);
    }
}
