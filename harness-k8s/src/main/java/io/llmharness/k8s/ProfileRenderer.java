package io.llmharness.k8s;

import java.util.Map;
import java.util.Optional;

/**
 * Turns {@code -l}, {@code -w} and {@code -o} into the profile file that goes into the ConfigMap. This is the seam
 * where workload mode's profile finder and renderer plug in: an implementation that renders on the workstation
 * returns {@link ProfileFile#rendered()} true, and the launcher pods then get the final text and no {@code -o}.
 */
public interface ProfileRenderer {

    /**
     * @param harness the harness name ({@code -l}), e.g. {@code inference-perf}
     * @param workload the {@code -w} value: a name or a path
     * @param workloadFrom the flag or variable {@code workload} came from, for error messages
     * @param overrides the {@code -o} value, or null
     * @param env the environment to render {@code REPLACE_ENV_*} tokens from
     * @return the file for the ConfigMap, or empty when the workload is a name the launcher pods resolve themselves
     *     (a profile shipped inside the image)
     * @throws K8sException when the profile cannot be found or read
     */
    Optional<ProfileFile> render(
            String harness, String workload, String workloadFrom, String overrides, Map<String, String> env);
}
