package io.llmharness.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.Prompt;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToLongFunction;

/**
 * Timing-accuracy benchmark (not a test): how closely, on this machine and its current load, the simulator keeps its
 * latency model over HTTP and the harness's client measures what the simulator wrote. The tests only assert what no
 * load can break (nothing early, nothing read before it was written); the figures they used to bound live here.
 *
 * <ul>
 *   <li>Fixed latency (TTFT, ITL, N tokens), streamed {@code /v1/completions} through {@link LlmClient}, at
 *       concurrency 1 and 8: the simulator's lateness against its own schedule (first and last token written −
 *       scheduled, mean gap between tokens), and the client's figures against the simulator's writes (first token
 *       read − written, E2E from send − model, mean chunk gap).
 *   <li>Continuous batching ({@code decode_step_ms} 10 + 2 per extra sequence): the mean step one request sees
 *       alone and among eight.
 * </ul>
 *
 * <p>Run through {@code perf/timing-accuracy.sh}. Arguments: {@code [--requests 40] [--ttft-ms 100] [--itl-ms 12]
 * [--tokens 128]}.
 */
public final class TimingAccuracyBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final Map<String, String> opts;

    private TimingAccuracyBench(Map<String, String> opts) {
        this.opts = opts;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        new TimingAccuracyBench(o).run();
        System.exit(0);
    }

    private double num(String key, double dflt) {
        return opts.containsKey(key) ? Double.parseDouble(opts.get(key)) : dflt;
    }

    private void run() throws Exception {
        int requests = (int) num("requests", 40);
        double ttftMs = num("ttft-ms", 100);
        double itlMs = num("itl-ms", 12);
        int tokens = (int) num("tokens", 128);
        System.out.printf(
                Locale.ROOT,
                "# timing accuracy %s: %d cores, load average %s; fixed latency TTFT %.0f ms, ITL %.0f ms, %d tokens,"
                        + " %d requests per row%n",
                Instant.now(),
                Runtime.getRuntime().availableProcessors(),
                loadAverage(),
                ttftMs,
                itlMs,
                tokens,
                requests);
        System.out.printf(Locale.ROOT, "%-62s %6s %9s %9s %9s%n", "measure (ms)", "n", "p50", "p99", "max");
        Vertx vertx = Vertx.vertx();
        try (SimulatorServer sim = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Latency.fixed(ttftMs, itlMs))
                .with(Recording.DEFAULTS.withRecordTimings(true).withTimingsCapacity(4 * requests + 1000)))) {
            fixed(vertx, sim, 1, requests / 4, ttftMs, itlMs, tokens, false); // warm-up, not printed
            for (int concurrency : new int[] {1, 8}) {
                fixed(vertx, sim, concurrency, requests, ttftMs, itlMs, tokens, true);
            }
        }
        try (SimulatorServer sim = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Latency.Batch.DEFAULTS
                        .withDecodeStepMs(10)
                        .withDecodeStepMsPerSeq(2)
                        .withPrefillOverheadMs(0)
                        .withPrefillTokensPerSecond(0))
                .with(Recording.DEFAULTS.withRecordTimings(true).withTimingsCapacity(4 * requests + 1000)))) {
            for (int concurrency : new int[] {1, 8}) {
                batch(vertx, sim, concurrency, Math.max(concurrency, requests / 4));
            }
        } finally {
            vertx.close().await();
        }
        System.out.printf(Locale.ROOT, "# load average after: %s%n", loadAverage());
    }

    /** Streams {@code requests} requests, {@code concurrency} at a time, and prints the accuracy rows. */
    private void fixed(
            Vertx vertx,
            SimulatorServer sim,
            int concurrency,
            int requests,
            double ttftMs,
            double itlMs,
            int tokens,
            boolean print)
            throws Exception {
        clearTimings(sim);
        List<RequestRecord> records = send(vertx, sim, concurrency, requests, tokens);
        Map<Integer, JsonNode> byPromptLength = timingsByPromptLength(sim);
        long ttft = Math.round(ttftMs * 1e6);
        long itl = Math.round(itlMs * 1e6);
        long modelE2e = ttft + (tokens - 1) * itl;
        List<long[]> rows = new ArrayList<>();
        for (RequestRecord r : records) {
            JsonNode t = byPromptLength.get(r.inputTokens() < 0 ? -1 : (int) r.inputTokens());
            if (t == null) {
                continue;
            }
            long arrival = t.get("arrival_ns").asLong();
            JsonNode ev = t.get("event_ns");
            long first = ev.get(0).asLong();
            long last = ev.get(ev.size() - 1).asLong();
            rows.add(new long[] {
                first - arrival - ttft,
                last - arrival - modelE2e,
                (last - first) / Math.max(1, ev.size() - 1),
                r.firstTokenNs() - first,
                r.e2eFromSendNs() - modelE2e,
                r.meanChunkGapNs()
            });
        }
        if (!print) {
            return;
        }
        String c = "concurrency " + concurrency + ": ";
        print(c + "simulator: first token written - scheduled", rows, 0);
        print(c + "simulator: last token written - scheduled", rows, 1);
        print(c + "simulator: mean gap between tokens (model " + itlMs + ")", rows, 2);
        print(c + "client: first token read - written", rows, 3);
        print(c + "client: E2E from send - model (" + modelE2e / 1_000_000 + " ms)", rows, 4);
        print(c + "client: mean chunk gap (model " + itlMs + ")", rows, 5);
    }

    /** Continuous batching: the mean step one 30-token request sees among {@code concurrency}. */
    private void batch(Vertx vertx, SimulatorServer sim, int concurrency, int requests) throws Exception {
        clearTimings(sim);
        send(vertx, sim, concurrency, requests, 30);
        List<long[]> rows = new ArrayList<>();
        for (JsonNode t : timingsByPromptLength(sim).values()) {
            JsonNode ev = t.get("event_ns");
            rows.add(new long[] {(ev.get(ev.size() - 1).asLong() - ev.get(1).asLong()) / (ev.size() - 2)});
        }
        print(
                "batching, " + concurrency + " at a time: mean step (model " + (10 + 2 * (concurrency - 1)) + ")",
                rows,
                0);
    }

    private List<RequestRecord> send(Vertx vertx, SimulatorServer sim, int concurrency, int requests, int tokens) {
        LlmClient client = LlmClient.start(
                        vertx,
                        ClientOptions.builder()
                                .baseUrls(sim.baseUrl())
                                .api(ApiSettings.of(
                                        "sim-model",
                                        SamplingParams.SERVER_DEFAULTS
                                                .withMaxTokens(tokens)
                                                .withIgnoreEos(true)))
                                .responseEncoding(ResponseEncoding.TOKEN_IDS_INT32)
                                .maxInFlight(concurrency)
                                .eventLoops(1)
                                .build())
                .await();
        try {
            List<CompletableFuture<RequestResult>> all = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                CompletableFuture<RequestResult> f = new CompletableFuture<>();
                client.submit(ClientRequest.of(prompt(i), true, f::complete));
                all.add(f);
            }
            return all.stream().map(f -> f.join().record()).toList();
        } finally {
            client.close().await();
        }
    }

    /** Distinct prompt lengths: the simulator's records name the prompt length, so each maps to its request. */
    private static Prompt.TokenIds prompt(int index) {
        int[] ids = new int[4 + index];
        Arrays.fill(ids, 300 + index % 251);
        ids[0] = 1;
        return new Prompt.TokenIds(ids);
    }

    private static Map<Integer, JsonNode> timingsByPromptLength(SimulatorServer sim) throws Exception {
        Map<Integer, JsonNode> out = new HashMap<>();
        for (JsonNode id : JSON.readTree(get(sim.baseUrl() + "/sim/timings")).get("ids")) {
            JsonNode t = JSON.readTree(get(sim.baseUrl() + "/sim/timings/" + id.asText()));
            out.put(t.get("prompt_tokens").asInt(), t);
        }
        return out;
    }

    private static void clearTimings(SimulatorServer sim) throws Exception {
        HTTP.send(
                HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/sim/timings"))
                        .DELETE()
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    private static String get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static void print(String measure, List<long[]> rows, int column) {
        long[] v = rows.stream().mapToLong(r -> r[column]).sorted().toArray();
        if (v.length == 0) {
            System.out.printf(Locale.ROOT, "%-62s %6d%n", measure, 0);
            return;
        }
        ToLongFunction<Double> at = p -> v[(int) Math.min(v.length - 1, (long) (v.length * p))];
        System.out.printf(
                Locale.ROOT,
                "%-62s %6d %9.2f %9.2f %9.2f%n",
                measure,
                v.length,
                at.applyAsLong(0.5) / 1e6,
                at.applyAsLong(0.99) / 1e6,
                v[v.length - 1] / 1e6);
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }
}
