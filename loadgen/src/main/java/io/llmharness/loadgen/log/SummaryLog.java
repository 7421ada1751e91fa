package io.llmharness.loadgen.log;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;

/** Writes {@code mlperf_log_summary.txt} line by line (and copies it to stdout when asked). */
public final class SummaryLog {

    private final Writer out;
    private final PrintStream copy;

    /**
     * @param out the summary file
     * @param copy stdout when {@code copy_summary_to_stdout}, or null
     */
    public SummaryLog(Writer out, PrintStream copy) {
        this.out = out;
        this.copy = copy;
    }

    /** Writes {@code text} followed by a newline ({@code text} may contain newlines itself). */
    public synchronized void line(String text) {
        raw(text + "\n");
    }

    /** The end-of-test footer: warning and error counts, each preceded by a blank line. */
    public synchronized void footer(long warnings, long errors) {
        String w = warnings == 0
                ? "\nNo warnings encountered during test.\n"
                : warnings == 1
                        ? "\n1 warning encountered. See detailed log.\n"
                        : "\n" + warnings + " warnings encountered. See detailed log.\n";
        String e = errors == 0
                ? "\nNo errors encountered during test.\n"
                : errors == 1
                        ? "\n1 ERROR encountered. See detailed log.\n"
                        : "\n" + errors + " ERRORS encountered. See detailed log.\n";
        raw(w + e);
    }

    private void raw(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the summary log", e);
        }
        if (copy != null) {
            copy.print(s);
        }
    }
}
