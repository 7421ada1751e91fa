package io.llmharness.cli.run;

import io.llmharness.error.HarnessException;
import io.llmharness.report.progress.Progress;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/** Where runs go and how progress is shown; shared by {@code harness run} and {@code harness demo}. */
public final class OutputFlags {

    @Option(
            names = "--output-dir",
            paramLabel = "DIR",
            defaultValue = "harness_output",
            description = "Runs go" + " into DIR/<run-id>/ (default: ${DEFAULT-VALUE}).")
    Path outputDir;

    @Option(
            names = "--progress",
            paramLabel = "MODE",
            defaultValue = "auto",
            description = "auto (a bar on a" + " terminal, else a line every 10 s), bar, lines or off.")
    String progress;

    @Option(
            names = "--history",
            paramLabel = "FILE",
            description = "Run history every finished run is added to (default: $HARNESS_HISTORY, else"
                    + " ~/.llm-harness/history.duckdb; 'off' for none).")
    String history;

    /** The {@code --history} value as given, or null. */
    public String history() {
        return history;
    }

    /** The output directory. */
    public Path outputDir() {
        return outputDir;
    }

    /** The progress mode. */
    public Progress.Mode progress() {
        try {
            return Progress.Mode.valueOf(progress.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw HarnessException.usage("--progress '" + progress + "': use auto, bar, lines or off");
        }
    }
}
