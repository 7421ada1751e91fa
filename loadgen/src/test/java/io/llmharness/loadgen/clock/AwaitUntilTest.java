package io.llmharness.loadgen.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@link Clock#awaitUntil}: a condition or a deadline, whichever comes first, on the virtual and the real clock. */
class AwaitUntilTest {

    @Test
    void theVirtualClockStopsAtTheDeadlineWithoutRunningLaterEvents() {
        VirtualClock clock = new VirtualClock();
        AtomicBoolean late = new AtomicBoolean();
        clock.schedule(clock.nanoTime() + 2_000, () -> late.set(true));
        long deadline = clock.nanoTime() + 1_000;
        clock.awaitUntil(late::get, new Wakeup(), deadline);
        assertThat(clock.nanoTime()).isEqualTo(deadline);
        assertThat(late).isFalse();
    }

    @Test
    void theVirtualClockReturnsWhenAnEventBeforeTheDeadlineMakesTheConditionTrue() {
        VirtualClock clock = new VirtualClock();
        AtomicBoolean done = new AtomicBoolean();
        long at = clock.nanoTime() + 500;
        clock.schedule(at, () -> done.set(true));
        clock.awaitUntil(done::get, new Wakeup(), at + 1_000);
        assertThat(clock.nanoTime()).isEqualTo(at);
    }

    @Test
    void theRealClockReturnsOnceTheDeadlineHasPassed() {
        Clock clock = Clock.system();
        long deadline = clock.nanoTime() + 2_000_000;
        clock.awaitUntil(() -> false, new Wakeup(), deadline);
        assertThat(clock.nanoTime()).isGreaterThanOrEqualTo(deadline);
        long past = clock.nanoTime() - 1;
        clock.awaitUntil(() -> false, new Wakeup(), past); // returns at once
    }

    @Test
    void theRealClockReturnsBeforeAFarDeadlineWhenWokenWithTheConditionTrue() throws Exception {
        Clock clock = Clock.system();
        Wakeup wakeup = new Wakeup();
        AtomicBoolean done = new AtomicBoolean();
        long deadline = clock.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        CompletableFuture<Long> returned = CompletableFuture.supplyAsync(() -> {
            clock.awaitUntil(done::get, wakeup, deadline);
            return clock.nanoTime();
        });
        done.set(true);
        wakeup.wake();
        assertThat(returned.get(60, TimeUnit.SECONDS)).isLessThan(deadline);
    }
}
