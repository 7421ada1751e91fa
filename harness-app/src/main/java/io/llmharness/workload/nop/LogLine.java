package io.llmharness.workload.nop;

import java.time.LocalDateTime;

/**
 * One line of a vLLM server log.
 *
 * @param number 1-based line number in the file
 * @param text the line as written
 * @param time its {@code MM-DD HH:MM:SS[.mmm]} timestamp with the year filled in, or null for untimed lines
 * @param process the process tag, or null for untagged lines
 */
public record LogLine(int number, String text, LocalDateTime time, ProcessTag process) {}
