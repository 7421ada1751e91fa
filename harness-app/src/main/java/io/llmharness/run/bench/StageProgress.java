package io.llmharness.run.bench;

import io.llmharness.report.progress.Progress;
import io.llmharness.workload.spec.Stage;
import java.io.PrintStream;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The progress of a workload run on the terminal, one display per stage as an MLPerf run has one for its samples:
 * {@code stage 1: 171/480 (35.6%), 8.5/s, in flight 12, errors 0, ETA 0:00:36}. A bar on an interactive terminal,
 * else a line on stderr every 10 s and one when the stage ends. {@link #done} is called once per measured request
 * from the client's threads and only adds to counters.
 */
final class StageProgress implements AutoCloseable {

    private final PrintStream err;
    private final LongAdder errors = new LongAdder();
    private volatile IntSupplier inFlight = () -> 0;
    private volatile Progress current;

    /** @param err where the lines go when there is no terminal to draw a bar on */
    StageProgress(PrintStream err) {
        this.err = err;
    }

    /** Where the requests in flight are read from (the run, once it exists). */
    void inFlight(IntSupplier s) {
        inFlight = s;
    }

    /** A stage starts: the previous display ends, a new one counts this stage's planned requests. */
    synchronized void start(int index, Stage stage) {
        close();
        errors.reset();
        String task = "stage " + index;
        long total = planned(stage);
        Supplier<Progress.Status> status = () -> new Progress.Status(inFlight.getAsInt(), errors.sum());
        current = Progress.interactiveTerminal()
                ? Progress.start(task, total, Progress.Mode.BAR, Progress.DEFAULT_LINE_INTERVAL, status)
                : Progress.lines(task, total, err, Progress.DEFAULT_LINE_INTERVAL, status);
    }

    /** A measured request ended. Thread-safe and cheap. */
    void done(boolean ok) {
        if (!ok) {
            errors.increment();
        }
        Progress p = current;
        if (p != null) {
            p.step();
        }
    }

    /** The stage ended: the display shows its final state once and stops. Idempotent. */
    @Override
    public synchronized void close() {
        Progress p = current;
        current = null;
        if (p != null) {
            p.close();
        }
    }

    /** Requests a stage plans to send, or 0 when it does not say (no percentage, no ETA then). */
    static long planned(Stage stage) {
        return switch (stage) {
            case Stage.Rate r -> Math.max(0, r.requests());
            case Stage.Concurrency c -> Math.max(0, c.requests());
            case Stage.Sweep s -> 0;
            case Stage.Replay rp -> rp.plan().requests();
        };
    }
}
