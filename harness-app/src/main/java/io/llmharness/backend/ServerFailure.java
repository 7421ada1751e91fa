package io.llmharness.backend;

import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.List;

/**
 * A server that died while a run used it (its process exited, or its health checks failed too often).
 * Delivered through {@link ManagedServer#failure()} and {@link ManagedServers#failure()}.
 *
 * @param name display name, e.g. {@code vllm[0]}
 * @param baseUrl the server's URL
 * @param reason e.g. {@code exited with code 1}, {@code 3 health checks failed in a row (last: HTTP 503)}
 * @param exitCode the exit code when the process exited, else null
 * @param logFile the server's log
 * @param logTail the last lines of the log at the time of failure
 */
public record ServerFailure(
        String name, String baseUrl, String reason, Integer exitCode, Path logFile, List<String> logTail) {

    public ServerFailure {
        logTail = List.copyOf(logTail);
    }

    /** One line: {@code server at URL died: REASON (log: FILE); last log lines: a | b | c}. */
    public String message() {
        String tail = logTail.isEmpty() ? "(log is empty)" : String.join(" | ", lastFew());
        return "server at " + baseUrl + " died: " + reason + " (log: " + logFile + "); last log lines: " + tail;
    }

    /** The failure as the exception a run aborts with (exit code 1). */
    public HarnessException toException() {
        return HarnessException.execution(message());
    }

    private List<String> lastFew() {
        return logTail.subList(Math.max(0, logTail.size() - 5), logTail.size());
    }
}
