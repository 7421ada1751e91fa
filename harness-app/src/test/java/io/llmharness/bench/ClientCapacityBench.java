package io.llmharness.bench;

import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Client capacity benchmark (not a test): the {@link LlmClient} alone, closed loop at a fixed concurrency against
 * a server (the simulator at zero latency), after a warm-up. Prints requests/s and the process CPU per request, the
 * figure that survives a shared machine: wall-clock throughput moves with the neighbours, CPU per request much
 * less. Run through {@code perf/run.sh}, or: {@code --url http://127.0.0.1:PORT [--concurrency 64] [--stream true]
 * [--tokens 100] [--prompt-tokens 128] [--warmup 20] [--seconds 10] [--loops 1] [--prepare false]} ({@code --loops}:
 * the client's event loops; {@code --prepare}: open the connections first, as a run's warm start does; the last line printed is the client's counters, with how many leases were on another loop's connection).
 */
public final class ClientCapacityBench {

    private ClientCapacityBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String url = o.getOrDefault("url", "http://127.0.0.1:8000");
        int concurrency = Integer.parseInt(o.getOrDefault("concurrency", "64"));
        boolean stream = Boolean.parseBoolean(o.getOrDefault("stream", "true"));
        int tokens = Integer.parseInt(o.getOrDefault("tokens", "100"));
        int promptTokens = Integer.parseInt(o.getOrDefault("prompt-tokens", "128"));
        double warmup = Double.parseDouble(o.getOrDefault("warmup", "20"));
        double seconds = Double.parseDouble(o.getOrDefault("seconds", "10"));
        int loops = Integer.parseInt(o.getOrDefault("loops", "1"));
        boolean prepare = Boolean.parseBoolean(o.getOrDefault("prepare", "false"));

        SplittableRandom r = new SplittableRandom(1);
        Prompt[] prompts = new Prompt[256];
        for (int i = 0; i < prompts.length; i++) {
            int[] ids = new int[promptTokens];
            ids[0] = 128000;
            for (int k = 1; k < ids.length; k++) {
                ids[k] = r.nextInt(1000, 128000);
            }
            prompts[i] = new Prompt.TokenIds(ids);
        }
        SamplingParams sampling =
                SamplingParams.SERVER_DEFAULTS.withMaxTokens(tokens).withIgnoreEos(true);
        ClientOptions options = ClientOptions.builder()
                .baseUrls(url)
                .api(ApiSettings.of("sim-model", sampling))
                .maxInFlight(concurrency)
                .eventLoops(loops)
                .maxConsecutiveFailures(0)
                .expectedRequests(1 << 20)
                .build();
        Vertx vertx = Vertx.vertx();
        LlmClient client = LlmClient.start(vertx, options).await();
        if (prepare) {
            client.prepareConnections(concurrency).await(); // as a run's warm start does
        }
        AtomicLong done = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong next = new AtomicLong();
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        Runnable[] submit = new Runnable[1];
        submit[0] = () -> client.submit(ClientRequest.of(
                prompts[(int) (next.getAndIncrement() % prompts.length)], stream, result -> {
                    if (!result.ok()) {
                        failed.incrementAndGet();
                    }
                    done.incrementAndGet();
                    if (running.get()) {
                        submit[0].run();
                    }
                }));
        for (int i = 0; i < concurrency; i++) {
            submit[0].run();
        }
        Thread.sleep((long) (warmup * 1000));
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        io.llmharness.client.health.CompilerCpu jit = new io.llmharness.client.health.CompilerCpu();
        System.out.println("after the warm-up: " + client.counters());
        long d0 = done.get();
        long f0 = failed.get();
        long a0 = threads.getTotalThreadAllocatedBytes();
        long j0 = jit.nanos();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Thread.sleep((long) (seconds * 1000));
        long d1 = done.get();
        long f1 = failed.get();
        long c1 = os.getProcessCpuTime();
        long j1 = jit.nanos();
        long a1 = threads.getTotalThreadAllocatedBytes();
        long t1 = System.nanoTime();
        double wall = (t1 - t0) / 1e9;
        long n = d1 - d0;
        System.out.printf(
                Locale.ROOT,
                "client capacity: %s, concurrency %d, %d loops, %d tokens: %.0f req/s, %.1f us CPU per request, %.2f cores,"
                        + " %d failed, %.1f us JIT CPU and %.0f bytes allocated per request%n",
                stream ? "streamed" : "non-streamed",
                concurrency,
                loops,
                tokens,
                n / wall,
                n == 0 ? 0 : (c1 - c0) / 1e3 / n,
                (c1 - c0) / 1e9 / wall,
                f1 - f0,
                n == 0 || j0 < 0 || j1 < 0 ? -1 : (j1 - j0) / 1e3 / n,
                n == 0 ? 0 : (double) (a1 - a0) / n);
        System.out.println("at the end: " + client.counters());
        running.set(false);
        client.shutdown("bench over");
        client.close().await();
        vertx.close().await();
        System.exit(0);
    }
}
