package io.llmharness.report.progress;

import java.io.PrintStream;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Progress of a run on the terminal: "samples completed / total" with rate and ETA.
 *
 * <p>{@link #step(long)} is thread-safe and cheap (an add to a striped counter and, at most every few hundred
 * milliseconds, one hand-over to the display), so it may be called once per completed request from any thread,
 * event loops included: it never writes to the terminal itself. Close the progress when the run ends; closing
 * prints the final state once.
 *
 * <p>With a status supplier the display also shows the requests in flight and the errors so far.
 *
 * <p>{@link Mode#AUTO} draws a progress bar (me.tongfei progressbar) only when the JVM has an interactive
 * terminal. Without one (CI, redirected output) it prints one plain line to stderr every interval instead, so logs
 * never fill with carriage-return redraws.
 */
public sealed interface Progress extends AutoCloseable permits BarProgress, LineProgress, NoProgress {

    /** How progress is shown. */
    enum Mode {
        /** A bar on a terminal, else {@link #LINES}. */
        AUTO,
        /** Always the redrawn bar. */
        BAR,
        /** One line on stderr every interval, and one at the end. */
        LINES,
        /** Nothing. */
        OFF
    }

    /**
     * What a run is doing besides completing units, shown after the rate: {@code in flight 12, errors 0}.
     *
     * @param inFlight requests sent and not answered yet (plus those waiting in the client for a slot)
     * @param errors failed requests so far
     */
    record Status(long inFlight, long errors) {}

    /** Default interval between two lines in {@link Mode#LINES}. */
    Duration DEFAULT_LINE_INTERVAL = Duration.ofSeconds(10);

    /** Adds {@code n} completed units. Thread-safe. */
    void step(long n);

    /** Adds one completed unit. Thread-safe. */
    default void step() {
        step(1);
    }

    /** Units completed so far. */
    long current();

    /** The mode actually in use ({@link Mode#AUTO} resolved). */
    Mode mode();

    /** Stops the display after showing the final state. Idempotent. */
    @Override
    void close();

    /**
     * Starts showing progress: a bar on an interactive terminal, else a line every
     * {@link #DEFAULT_LINE_INTERVAL} on stderr.
     *
     * @param task what is counted, e.g. {@code "samples"}
     * @param total units expected, or 0 when unknown (then no percentage and no ETA)
     */
    static Progress start(String task, long total) {
        return start(task, total, Mode.AUTO, DEFAULT_LINE_INTERVAL);
    }

    /**
     * Starts showing progress.
     *
     * @param task what is counted
     * @param total units expected, or 0 when unknown
     * @param mode how to show it
     * @param lineInterval time between two lines in {@link Mode#LINES}
     */
    static Progress start(String task, long total, Mode mode, Duration lineInterval) {
        return start(task, total, mode, lineInterval, null);
    }

    /**
     * Starts showing progress with the run's status (requests in flight, errors) next to the rate. Any run can
     * use it: an MLPerf run counts samples, a workload stage counts its requests (one progress per stage, named
     * after it, closed when the stage ends).
     *
     * @param status called from the display thread every few hundred milliseconds (must be cheap and
     *     thread-safe), or null for none
     */
    static Progress start(String task, long total, Mode mode, Duration lineInterval, Supplier<Status> status) {
        Mode resolved = mode == Mode.AUTO ? (Terminal.interactive() ? Mode.BAR : Mode.LINES) : mode;
        return switch (resolved) {
            case BAR -> new BarProgress(task, total, null, status);
            case LINES -> LineProgress.started(task, total, System.err, lineInterval, status);
            case OFF, AUTO -> new NoProgress();
        };
    }

    /** Whether the JVM talks to an interactive terminal (where {@link Mode#AUTO} draws the bar). */
    static boolean interactiveTerminal() {
        return Terminal.interactive();
    }

    /** Progress that shows nothing but still counts. */
    static Progress off() {
        return new NoProgress();
    }

    /** Lines to a given stream (for tests and log files). */
    static Progress lines(String task, long total, PrintStream out, Duration interval) {
        return LineProgress.started(task, total, out, interval, null);
    }

    /** Lines to a given stream with the run's status (see {@link #start(String, long, Mode, Duration, Supplier)}). */
    static Progress lines(String task, long total, PrintStream out, Duration interval, Supplier<Status> status) {
        return LineProgress.started(task, total, out, interval, status);
    }

    /** The status text shown after the rate, e.g. {@code in flight 12, errors 0}; empty without a status. */
    static String statusText(Supplier<Status> status) {
        if (status == null) {
            return "";
        }
        Status s = status.get();
        return s == null ? "" : "in flight " + s.inFlight() + ", errors " + s.errors();
    }
}
