package io.llmharness.k8s.fake;

import io.llmharness.k8s.cluster.LaunchClock;
import java.time.Duration;
import java.time.Instant;

/** A clock whose pauses take no time: each advances the clock and then the fake cluster by one step. */
public final class VirtualClock implements LaunchClock {

    private Instant now = Instant.parse("2026-11-26T10:00:00Z");
    private final Runnable onPause;
    private int pauses;

    public VirtualClock(Runnable onPause) {
        this.onPause = onPause;
    }

    @Override
    public Instant now() {
        return now;
    }

    @Override
    public void pause(Duration d) throws InterruptedException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException();
        }
        now = now.plus(d);
        if (++pauses > 100_000) {
            throw new AssertionError("the launcher kept polling (100000 pauses)");
        }
        onPause.run();
    }

    public int pauses() {
        return pauses;
    }
}
