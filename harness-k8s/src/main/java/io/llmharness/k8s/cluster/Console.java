package io.llmharness.k8s.cluster;

import java.io.PrintWriter;

/** Where the launcher reports: progress lines on standard output, warnings and failure detail on standard error. */
public final class Console {

    private final PrintWriter out;
    private final PrintWriter err;

    public Console(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    /** A progress line, {@code k8s: <text>}. */
    public void info(String text) {
        out.println("k8s: " + text);
        out.flush();
    }

    /** A warning line on standard error, {@code k8s: warning: <text>}. */
    public void warn(String text) {
        err.println("k8s: warning: " + text);
        err.flush();
    }

    /** Detail for the error line that follows (log lines, pod states), on standard error as it is. */
    public void detail(String text) {
        err.println(text);
        err.flush();
    }
}
