package io.llmharness.k8s;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A workload profile as it goes into the {@code <harness>-profiles} ConfigMap: one key, one text.
 *
 * @param fileName the ConfigMap key and the file name the launcher pods see under
 *     {@code /workspace/profiles/<harness>/}
 * @param text the file's content
 * @param rendered whether the text is final (overrides and {@code REPLACE_ENV_*} already applied on the
 *     workstation); when false the launcher pods get {@code -o} and the {@code LLMDBENCH_*} variables and render it
 *     themselves
 * @param origin where it came from (a path), for messages
 */
public record ProfileFile(String fileName, String text, boolean rendered, String origin) {

    private static final Pattern CONFIGMAP_KEY = Pattern.compile("[-._a-zA-Z0-9]+");

    public ProfileFile {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(origin, "origin");
        if (!CONFIGMAP_KEY.matcher(fileName).matches()) {
            throw K8sException.badValue(
                    "profile",
                    origin + ": the file name '" + fileName + "' cannot be a ConfigMap key (letters, digits, '-', '_'"
                            + " and '.' only); copy the profile to a file named like sanity_random.yaml");
        }
    }

    /** The workload's short name: the file name without {@code .yaml.in}, {@code .yaml} or {@code .yml}. */
    public String workloadName() {
        return Names.workloadName(fileName);
    }
}
