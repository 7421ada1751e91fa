package io.llmharness.k8s;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The workstation variables copied into the launcher pods, as llm-d's launcher copies its {@code LLMDBENCH_*}
 * variables: the ones a profile's {@code REPLACE_ENV_*} tokens and {@code harness bench} read (the model, the
 * endpoint, the data set, the run). Secrets stay home: names that look like tokens, keys or passwords, and
 * llm-d's base64 blobs (its kubeconfig), are never copied.
 */
public final class ForwardedEnv {

    private static final List<String> PREFIXES =
            List.of("LLMDBENCH_DEPLOY_", "LLMDBENCH_HARNESS_", "LLMDBENCH_RUN_", "LLMDBENCH_VLLM_COMMON_");

    private static final Pattern SECRET =
            Pattern.compile("(TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|API_KEY|ACCESS_KEY|PRIVATE_KEY|BASE64)");

    private ForwardedEnv() {}

    /** The variables of {@code env} to copy into the pods, sorted by name. */
    public static Map<String, String> select(Map<String, String> env) {
        Map<String, String> out = new TreeMap<>();
        env.forEach((k, v) -> {
            if (v != null && !v.isEmpty() && forwarded(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** Whether a variable of this name is copied into the pods. */
    public static boolean forwarded(String name) {
        if (PREFIXES.stream().noneMatch(name::startsWith)) {
            return false;
        }
        return !SECRET.matcher(name).find() || name.endsWith("_NAME");
    }
}
