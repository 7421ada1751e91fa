package io.llmharness.report.progress;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;

/**
 * A redrawn bar on stderr (me.tongfei progressbar, which renders on its own thread). Steps go into a striped
 * counter; at most every {@link #PUSH_INTERVAL_NS} one caller hands the sum to the bar, whose state is
 * synchronized and would otherwise be contended by every completion. The run's status (in flight, errors) goes
 * into the bar's extra message at the same moments.
 */
final class BarProgress implements Progress {

    static final long PUSH_INTERVAL_NS = 100_000_000L;

    private final LongAdder count = new LongAdder();
    private final AtomicLong nextPushNs = new AtomicLong(System.nanoTime());
    private final ProgressBar bar;
    private final Supplier<Progress.Status> status;
    private volatile boolean closed;

    BarProgress(String task, long total) {
        this(task, total, null, null);
    }

    BarProgress(String task, long total, ProgressBarConsumer consumer) {
        this(task, total, consumer, null);
    }

    /**
     * @param consumer where the bar is drawn, or null for the library's default (stderr)
     * @param status shown after the rate, or null
     */
    BarProgress(String task, long total, ProgressBarConsumer consumer, Supplier<Progress.Status> status) {
        this.status = status;
        ProgressBarBuilder b = new ProgressBarBuilder();
        if (consumer != null) {
            b.setConsumer(consumer);
        }
        this.bar = b.setTaskName(task)
                .setInitialMax(total > 0 ? total : -1)
                .setUpdateIntervalMillis(250)
                .showSpeed(new DecimalFormat("0.0", DecimalFormatSymbols.getInstance(Locale.ROOT)))
                .setSpeedUnit(ChronoUnit.SECONDS)
                .build();
    }

    @Override
    public void step(long n) {
        count.add(n);
        long now = System.nanoTime();
        long next = nextPushNs.get();
        if (now - next >= 0 && nextPushNs.compareAndSet(next, now + PUSH_INTERVAL_NS) && !closed) {
            push();
        }
    }

    /** Hands the count to the bar; past the expected total the bar turns into a plain counter, never above 100 %. */
    private synchronized void push() {
        long done = count.sum();
        if (bar.getMax() > 0 && done > bar.getMax()) {
            bar.maxHint(-1);
        }
        bar.stepTo(done);
        if (status != null) {
            bar.setExtraMessage(Progress.statusText(status));
        }
    }

    @Override
    public long current() {
        return count.sum();
    }

    @Override
    public Mode mode() {
        return Mode.BAR;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            push();
            closed = true;
            bar.close();
        }
    }
}
