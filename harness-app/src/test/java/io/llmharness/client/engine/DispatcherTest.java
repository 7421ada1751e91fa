package io.llmharness.client.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DispatcherTest {

    @Test
    @SuppressWarnings("unchecked")
    void neverExceedsTheCapAndStartsEverything() throws Exception {
        int total = 20000;
        int cap = 7;
        AtomicInteger running = new AtomicInteger();
        AtomicInteger maxRunning = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        ConcurrentLinkedQueue<Integer> toFinish = new ConcurrentLinkedQueue<>();
        Dispatcher<Integer>[] d = new Dispatcher[1];
        d[0] = new Dispatcher<>(cap, (i, waited) -> {
            int now = running.incrementAndGet();
            maxRunning.accumulateAndGet(now, Math::max);
            started.incrementAndGet();
            toFinish.add(i);
        });
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch producers = new CountDownLatch(2);
        CountDownLatch allFinished = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        try {
            for (int p = 0; p < 2; p++) {
                int base = p * total / 2;
                pool.submit(() -> {
                    for (int i = 0; i < total / 2; i++) {
                        d[0].offer(base + i);
                    }
                    producers.countDown();
                });
            }
            for (int c = 0; c < 2; c++) {
                pool.submit(() -> {
                    // ends when everything finished or when the test gives up (shutdownNow interrupts)
                    while (finished.get() < total && !Thread.currentThread().isInterrupted()) {
                        Integer i = toFinish.poll();
                        if (i == null) {
                            Thread.onSpinWait();
                            continue;
                        }
                        running.decrementAndGet();
                        d[0].release();
                        if (finished.incrementAndGet() == total) {
                            allFinished.countDown();
                        }
                    }
                });
            }
            assertThat(producers.await(60, TimeUnit.SECONDS)).isTrue();
            assertThat(allFinished.await(60, TimeUnit.SECONDS))
                    .as(() -> "finished " + finished.get() + " of " + total)
                    .isTrue();
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(started.get()).isEqualTo(total);
        assertThat(finished.get()).isEqualTo(total);
        assertThat(maxRunning.get()).isLessThanOrEqualTo(cap);
        assertThat(d[0].inFlight()).isZero();
        assertThat(d[0].queued()).isZero();
        assertThat(d[0].peak()).isLessThanOrEqualTo(cap);
    }

    @Test
    void saysWhichRequestsWaitedForTheCap() {
        java.util.List<String> starts = new java.util.ArrayList<>();
        Dispatcher<String> d = new Dispatcher<>(2, (item, waited) -> starts.add(item + (waited ? " waited" : "")));
        d.offer("a");
        d.offer("b");
        d.offer("c");
        d.offer("d");
        assertThat(starts).containsExactly("a", "b");
        assertThat(d.queued()).isEqualTo(2);
        d.release();
        assertThat(starts).containsExactly("a", "b", "c waited");
        d.release();
        d.release();
        d.offer("e");
        assertThat(starts).containsExactly("a", "b", "c waited", "d waited", "e");
        assertThat(d.waited()).isEqualTo(2);
        assertThat(d.peak()).isEqualTo(2);
        assertThat(d.inFlight()).isEqualTo(2);
    }
}
