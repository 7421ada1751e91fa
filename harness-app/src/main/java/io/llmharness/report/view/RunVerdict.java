package io.llmharness.report.view;

import java.util.List;

/**
 * A verdict at the top of a report: LoadGen's result, or the client's health.
 *
 * @param title what is judged, e.g. {@code LoadGen} or {@code Client health}
 * @param label the verdict, e.g. {@code VALID}
 * @param tone how to color it
 * @param details lines that explain it (constraints met, reasons)
 */
public record RunVerdict(String title, String label, Tone tone, List<String> details) {

    /** How a verdict is colored. */
    public enum Tone {
        GOOD,
        WARN,
        BAD,
        NEUTRAL
    }

    public RunVerdict {
        details = List.copyOf(details);
    }
}
