package io.llmharness.report.view;

/**
 * One headline number of a report.
 *
 * @param label what it is, e.g. {@code TTFT p50 / p99}
 * @param value the number(s) with unit, e.g. {@code 45.1 / 99.7 ms}
 * @param detail a short note (population, limit), or empty
 */
public record Headline(String label, String value, String detail) {}
