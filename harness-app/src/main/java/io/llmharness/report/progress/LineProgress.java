package io.llmharness.report.progress;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Progress for logs: one plain line (no carriage return) every interval, printed by a daemon timer thread, e.g.
 * {@code Offline: 1200/5000 (24.0%), 118.3/s, in flight 64, errors 0, ETA 0:00:32} (the status only when the run
 * gives one), and a final line on close that shows the elapsed time
 * instead of the ETA, e.g. {@code Offline: 5000/5000 (100.0%), 120.1/s, elapsed 0:00:42}.
 */
final class LineProgress implements Progress {

    private final String task;
    private final long total;
    private final PrintStream out;
    private final LongSupplier nanoClock;
    private final long startNs;
    private final LongAdder count = new LongAdder();
    private final Supplier<Progress.Status> status;
    private volatile ScheduledExecutorService timer;
    private boolean closed;

    LineProgress(String task, long total, PrintStream out, LongSupplier nanoClock) {
        this(task, total, out, nanoClock, null);
    }

    LineProgress(String task, long total, PrintStream out, LongSupplier nanoClock, Supplier<Progress.Status> status) {
        this.status = status;
        this.task = task;
        this.total = total;
        this.out = out;
        this.nanoClock = nanoClock;
        this.startNs = nanoClock.getAsLong();
    }

    static LineProgress started(
            String task, long total, PrintStream out, Duration interval, Supplier<Progress.Status> status) {
        LineProgress p = new LineProgress(task, total, out, System::nanoTime, status);
        p.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "progress-" + task);
            t.setDaemon(true);
            return t;
        });
        long ms = Math.max(1, interval.toMillis());
        p.timer.scheduleAtFixedRate(p::report, ms, ms, TimeUnit.MILLISECONDS);
        return p;
    }

    @Override
    public void step(long n) {
        count.add(n);
    }

    @Override
    public long current() {
        return count.sum();
    }

    @Override
    public Mode mode() {
        return Mode.LINES;
    }

    /** Prints the current state as one line. */
    synchronized void report() {
        if (!closed) {
            out.println(line(false));
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
        synchronized (this) {
            if (!closed) {
                out.println(line(true));
                out.flush();
                closed = true;
            }
        }
    }

    /** The text of one line: counts, percentage, rate, and the ETA (or, at the end, the elapsed time). */
    String line(boolean end) {
        long done = count.sum();
        double seconds = (nanoClock.getAsLong() - startNs) / 1e9;
        double rate = seconds > 0 ? done / seconds : 0;
        StringBuilder sb = new StringBuilder(task).append(": ").append(done);
        if (total > 0 && done <= total) {
            sb.append('/').append(total).append(String.format(Locale.ROOT, " (%.1f%%)", 100.0 * done / total));
        } else if (total > 0) {
            // LoadGen goes on past its minimum count until the minimum duration is met
            sb.append(" (").append(total).append(" expected; running on to the minimum duration)");
        }
        sb.append(String.format(Locale.ROOT, ", %.1f/s", rate));
        String st = Progress.statusText(status);
        if (!st.isEmpty()) {
            sb.append(", ").append(st);
        }
        if (end) {
            sb.append(", elapsed ").append(clock(seconds));
        } else if (total > 0 && rate > 0 && done < total) {
            sb.append(", ETA ").append(clock(Math.max(0, total - done) / rate));
        }
        return sb.toString();
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
