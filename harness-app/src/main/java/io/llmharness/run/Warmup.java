package io.llmharness.run;

import io.llmharness.client.Prompt;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.failure.RetryPolicy;
import io.vertx.core.Vertx;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few short requests before LoadGen starts, through a throw-away client: they open the code paths of the
 * client (and of the embedded simulator) so the first measured requests do not pay the JVM's class loading and
 * compilation as latency. Nothing of them is recorded; failures are only logged (the run itself decides what a
 * failing server means). An interrupt (Ctrl-C) cancels what is in flight at once, so the run goes straight on to
 * write its files.
 */
final class Warmup {

    /** Requests sent by default. */
    static final int DEFAULT_REQUESTS = 16;

    private static final Logger LOG = LoggerFactory.getLogger(Warmup.class);
    private static final int MAX_TOKENS = 16;
    private static final long WAIT_SECONDS = 30;

    private Warmup() {}

    static void run(
            Vertx vertx,
            RunControl control,
            ClientOptions run,
            IntFunction<Prompt> prompts,
            int rows,
            int count,
            boolean stream) {
        if (count <= 0 || rows <= 0 || control.interrupted()) {
            return;
        }
        ApiSettings api = run.api();
        Integer max = api.sampling().maxTokens();
        ApiSettings shortApi = new ApiSettings(
                api.model(),
                api.sampling().withMaxTokens(max == null ? MAX_TOKENS : Math.min(max, MAX_TOKENS)),
                api.returnTokenIds(),
                api.guided(),
                api.continuousUsageStats());
        ClientOptions o = new ClientOptions(
                run.baseUrls(),
                run.urlSource(),
                run.endpointType(),
                shortApi,
                run.collectText(),
                count,
                run.balancing(),
                run.transport(),
                run.eventLoops(),
                false,
                0,
                RetryPolicy.NONE,
                count);
        long start = System.nanoTime();
        LlmClient client = LlmClient.start(vertx, o).await();
        CountDownLatch done = new CountDownLatch(count);
        AtomicInteger ok = new AtomicInteger();
        control.onInterrupt(() -> {
            client.shutdown("interrupted");
            while (done.getCount() > 0) {
                done.countDown(); // the requests not submitted yet will never call back
            }
        });
        try {
            for (int i = 0; i < count && !control.interrupted(); i++) {
                Prompt p = prompts.apply(i % rows);
                client.submit(ClientRequest.of(p, stream, result -> {
                    if (result.ok()) {
                        ok.incrementAndGet();
                    }
                    done.countDown();
                }));
            }
            if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.info("warm-up: not all {} requests finished within {} s", count, WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            control.onInterrupt(null);
            client.close().await();
        }
        LOG.info(
                "warm-up: {} of {} requests succeeded in {} ms{}",
                ok.get(),
                count,
                (System.nanoTime() - start) / 1_000_000,
                control.interrupted() ? "; interrupted" : "");
    }
}
