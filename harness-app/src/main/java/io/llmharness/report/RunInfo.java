package io.llmharness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Identity and timing of one run, for the {@code run} section of summary.json.
 *
 * @param id run id (the name of the run directory)
 * @param toolVersion llm-harness version that produced the run
 * @param commandLine the command line as typed, one element per argument
 * @param start wall-clock start of the run
 * @param end wall-clock end of the run, or null while it is still running
 */
public record RunInfo(String id, String toolVersion, List<String> commandLine, Instant start, Instant end) {

    public RunInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(toolVersion, "toolVersion");
        Objects.requireNonNull(start, "start");
        commandLine = List.copyOf(commandLine);
        if (end != null && end.isBefore(start)) {
            throw new IllegalArgumentException("run end " + end + " is before its start " + start);
        }
    }

    /** Wall-clock length of the run, or null without an end. */
    public Duration duration() {
        return end == null ? null : Duration.between(start, end);
    }
}
