package io.llmharness.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The profile source used until workload mode's renderer is wired in: a {@code -w} that names an existing file
 * goes into the ConfigMap as it is (not rendered), and the launcher pods render it with {@code -o} and the
 * forwarded {@code LLMDBENCH_*} variables; any other {@code -w} is a profile name that {@code harness bench}
 * resolves inside the image.
 */
public final class LocalProfileFiles implements ProfileRenderer {

    @Override
    public Optional<ProfileFile> render(
            String harness, String workload, String workloadFrom, String overrides, Map<String, String> env) {
        Path path = Path.of(workload);
        if (Files.isRegularFile(path)) {
            try {
                String text = Files.readString(path, StandardCharsets.UTF_8);
                return Optional.of(new ProfileFile(path.getFileName().toString(), text, false, workload));
            } catch (IOException e) {
                throw new K8sException(
                        K8sException.CONFIG, workloadFrom + " " + workload + ": cannot read (" + e.getMessage() + ")");
            }
        }
        if (workload.contains("/") || Files.exists(path)) {
            throw K8sException.badValue(
                    workloadFrom, workloadFrom + " " + workload + ": no such profile file (give a file or a name)");
        }
        return Optional.empty();
    }
}
