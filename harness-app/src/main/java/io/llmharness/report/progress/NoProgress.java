package io.llmharness.report.progress;

import java.util.concurrent.atomic.LongAdder;

/** Counts, shows nothing. */
final class NoProgress implements Progress {

    private final LongAdder count = new LongAdder();

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
        return Mode.OFF;
    }

    @Override
    public void close() {}
}
