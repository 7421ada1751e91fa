package io.llmharness.workload.read;

import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import java.util.List;

/**
 * guidellm's synthetic text data: {@code prompt_tokens} and {@code output_tokens} with optional {@code _stdev},
 * {@code _min}, {@code _max}; one shared prefix bucket ({@code prefix_tokens}, {@code prefix_count}, or v0.7's
 * {@code prefix_buckets} with one entry). A mean without a standard deviation is a fixed length.
 */
final class GuidellmData {

    private GuidellmData() {}

    static DataSpec synthetic(YamlNode d0, int samples, boolean v07) {
        YamlNode d = GuidellmDotted.underscored(d0);
        d.allowOnly(List.of(
                "kind",
                "type",
                "prompt_tokens",
                "prompt_tokens_stdev",
                "prompt_tokens_min",
                "prompt_tokens_max",
                "output_tokens",
                "output_tokens_stdev",
                "output_tokens_min",
                "output_tokens_max",
                "prefix_tokens",
                "prefix_count",
                "prefix_buckets",
                "samples",
                "turns",
                "source"));
        String kind = d.child(d.has("kind") ? "kind" : "type").string("synthetic_text");
        if (!kind.equals("synthetic_text")) {
            throw d.child("kind").error("only synthetic_text data is supported yet");
        }
        d.reject("source", "datasets from files or the hub are not supported yet for guidellm profiles");
        if (d.has("turns") && d.child("turns").integer(1) != 1) {
            throw d.child("turns").error("multi-turn guidellm data is not supported yet");
        }
        int prefixTokens = 0;
        int prefixCount = 1;
        if (d.has("prefix_buckets")) {
            List<YamlNode> buckets = d.child("prefix_buckets").list();
            if (buckets.size() != 1) {
                throw d.child("prefix_buckets").error("exactly one prefix bucket is supported");
            }
            YamlNode b = buckets.get(0);
            b.allowOnly(List.of("prefix_tokens", "prefix_count", "bucket_weight"));
            prefixTokens = b.child("prefix_tokens").integer(0);
            prefixCount = b.child("prefix_count").integer(1);
        } else {
            prefixTokens = d.child("prefix_tokens").integer(0);
            prefixCount = d.child("prefix_count").integer(1);
        }
        if (prefixTokens < 0 || prefixCount < 1) {
            throw d.error("prefix_tokens must be >= 0 and prefix_count >= 1");
        }
        int total = d.child("samples").integer(samples);
        if (total < 1) {
            total = 1000;
        }
        return new DataSpec.Random(
                length(d, "prompt_tokens"), length(d, "output_tokens"), total, prefixTokens, prefixCount);
    }

    private static LengthDistribution length(YamlNode d, String key) {
        if (!d.has(key)) {
            throw d.error(key + " is missing");
        }
        int mean = InferencePerfLoad.positive(d.child(key), null);
        Double sd = d.child(key + "_stdev").number(null);
        int min = d.child(key + "_min").integer(1);
        int max = d.child(key + "_max").integer(Math.max(mean, 1) * 1000);
        if (min < 0 || max < min) {
            throw d.child(key + "_max").error("need 0 <= " + key + "_min <= " + key + "_max");
        }
        if (sd == null || sd == 0) {
            return new LengthDistribution(
                    LengthDistribution.Kind.FIXED, Math.min(min, mean), Math.max(max, mean), mean, 0);
        }
        if (sd < 0) {
            throw d.child(key + "_stdev").error("must be >= 0");
        }
        if (mean < min || mean > max) {
            throw d.child(key).error("must lie between " + key + "_min and " + key + "_max");
        }
        return new LengthDistribution(LengthDistribution.Kind.NORMAL, min, max, mean, sd);
    }
}
