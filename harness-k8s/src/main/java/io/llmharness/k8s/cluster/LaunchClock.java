package io.llmharness.k8s.cluster;

import java.time.Duration;
import java.time.Instant;

/**
 * Time as the launcher sees it: the wall clock for deadlines, and the pause between two polls of the API server.
 * Tests drive a whole run on a virtual clock whose pauses advance a fake cluster instead of sleeping.
 */
public interface LaunchClock {

    /** The current instant. */
    Instant now();

    /**
     * Waits between two polls.
     *
     * @throws InterruptedException when the user interrupts the run
     */
    void pause(Duration d) throws InterruptedException;

    /** The system clock with {@link Thread#sleep}. */
    LaunchClock SYSTEM = new LaunchClock() {
        @Override
        public Instant now() {
            return Instant.now();
        }

        @Override
        public void pause(Duration d) throws InterruptedException {
            Thread.sleep(d);
        }
    };
}
