package io.llmharness.workload.nop;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/**
 * A start-up phase found in the log.
 *
 * @param title the phase ({@code Model Loading}, {@code Uncategorized}, …)
 * @param process the process its lines come from, or null (untagged lines, or an inserted {@code Uncategorized})
 * @param startLine the line that matched the start marker, or null for {@code Uncategorized}
 * @param endLine the line that matched the end marker, or null when none was found
 * @param start the start time (the start line's, or the next timed line's), or null
 * @param end the end time, or null
 * @param children sub-phases (Pytorch Compilation: Dynamo, Inductor)
 * @param error why the phase could not be measured (its end is in another process), or null
 * @param rule the rule that found it, or null for {@code Uncategorized}
 */
public record Category(
        String title,
        ProcessTag process,
        LogLine startLine,
        LogLine endLine,
        LocalDateTime start,
        LocalDateTime end,
        List<Category> children,
        String error,
        CategoryRule rule) {

    public Category {
        children = List.copyOf(children);
    }

    /** end − start in seconds; 0 when either is missing (or on an error). */
    public double elapsedSeconds() {
        if (start == null || end == null || error != null) {
            return 0;
        }
        return Duration.between(start, end).toNanos() / 1e9;
    }
}
