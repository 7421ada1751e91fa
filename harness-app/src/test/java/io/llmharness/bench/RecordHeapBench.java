package io.llmharness.bench;

import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Heap per finished request record (benchmark, not a test): {@code --requests} non-streamed requests through an
 * {@link LlmClient} (closed loop, {@code --concurrency} in flight) against a server, then the live heap after a
 * full GC, minus the live heap after the same client's warm-up with its records reset, divided by the records
 * held. Run through {@code perf/run.sh}, or: {@code --url http://127.0.0.1:PORT [--requests 1000000]
 * [--concurrency 64] [--tokens 16] [--warmup 20000]}.
 */
public final class RecordHeapBench {

    private RecordHeapBench() {}

    public static void main(String[] args) throws Exception {
        java.util.Map<String, String> o = new java.util.HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String url = o.getOrDefault("url", "http://127.0.0.1:8000");
        long requests = Long.parseLong(o.getOrDefault("requests", "1000000"));
        int concurrency = Integer.parseInt(o.getOrDefault("concurrency", "64"));
        int tokens = Integer.parseInt(o.getOrDefault("tokens", "16"));
        long warmup = Long.parseLong(o.getOrDefault("warmup", "20000"));

        int[] ids = new int[128];
        ids[0] = 128000;
        for (int k = 1; k < ids.length; k++) {
            ids[k] = 1000 + k * 7;
        }
        Prompt prompt = new Prompt.TokenIds(ids);
        ClientOptions options = ClientOptions.builder()
                .baseUrls(url)
                .api(ApiSettings.of(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(tokens).withIgnoreEos(true)))
                .maxInFlight(concurrency)
                .eventLoops(1)
                .maxConsecutiveFailures(0)
                .expectedRequests((int) Math.min(Integer.MAX_VALUE - 8, requests))
                .build();
        Vertx vertx = Vertx.vertx();
        LlmClient client = LlmClient.start(vertx, options).await();
        run(client, prompt, warmup, concurrency);
        client.resetMeasurements();
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        long before = liveHeap(mem);
        long t0 = System.nanoTime();
        long failed = run(client, prompt, requests, concurrency);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long after = liveHeap(mem);
        long held = client.snapshot().requests().size();
        System.out.printf(
                Locale.ROOT,
                "record heap: %d records held, %.0f bytes of live heap per record (%d failed, %.0f req/s)%n",
                held,
                (after - before) / (double) held,
                failed,
                requests / seconds);
        client.close().await();
        vertx.close().await();
        System.exit(0);
    }

    /** Sends {@code n} requests, {@code concurrency} at a time; returns how many failed. */
    private static long run(LlmClient client, Prompt prompt, long n, int concurrency) throws InterruptedException {
        AtomicLong started = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong finished = new AtomicLong();
        Runnable[] next = new Runnable[1];
        next[0] = () -> {
            if (started.incrementAndGet() > n) {
                return;
            }
            client.submit(ClientRequest.of(prompt, false, result -> {
                if (!result.ok()) {
                    failed.incrementAndGet();
                }
                if (finished.incrementAndGet() == n) {
                    done.countDown();
                }
                next[0].run();
            }));
        };
        for (int i = 0; i < concurrency; i++) {
            next[0].run();
        }
        if (!done.await(30, TimeUnit.MINUTES)) {
            throw new IllegalStateException("requests did not finish");
        }
        return failed.get();
    }

    private static long liveHeap(MemoryMXBean mem) throws InterruptedException {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
            best = Math.min(best, mem.getHeapMemoryUsage().getUsed());
        }
        return best;
    }
}
