package io.llmharness.k8s.collect;

import io.llmharness.k8s.cluster.Api;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Launcher pod logs: the last lines for a failure message, the whole log next to a pod's results. */
public final class PodLogs {

    private final Api api;

    public PodLogs(Api api) {
        this.api = api;
    }

    /** The last {@code lines} lines of a pod's log, or one line saying why there are none. */
    public List<String> tail(String pod, int lines) {
        try {
            String log = api.client()
                    .pods()
                    .inNamespace(api.namespace())
                    .withName(pod)
                    .tailingLines(lines)
                    .getLog();
            return log == null || log.isBlank()
                    ? List.of("(the log is empty)")
                    : log.lines().toList();
        } catch (RuntimeException e) {
            return List.of("(no log: " + firstLine(e.getMessage()) + ")");
        }
    }

    /**
     * Writes a pod's whole log to {@code file}.
     *
     * @return null when written, else why not
     */
    public String save(String pod, Path file) {
        try {
            String log = api.client()
                    .pods()
                    .inNamespace(api.namespace())
                    .withName(pod)
                    .getLog();
            Files.createDirectories(file.getParent());
            Files.writeString(file, log == null ? "" : log, StandardCharsets.UTF_8);
            return null;
        } catch (IOException | RuntimeException e) {
            return firstLine(e.getMessage());
        }
    }

    private static String firstLine(String s) {
        return s == null ? "unknown error" : s.lines().findFirst().orElse("");
    }
}
