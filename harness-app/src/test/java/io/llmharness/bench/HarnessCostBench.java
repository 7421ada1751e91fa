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
import io.llmharness.client.sut.HttpSut;
import io.llmharness.client.sut.SutMode;
import io.llmharness.client.sut.SutOptions;
import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.InMemoryQsl;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Harness-cost benchmark (not a test): what the harness adds on top of the server, measured against the
 * simulator's ground truth ({@code /sim/timings}: when it wrote each request's first token, in
 * {@code System.nanoTime()} — the same clock in one JVM, and {@code CLOCK_MONOTONIC} across processes on Linux).
 *
 * <ol>
 *   <li>Sequential baselines, one request in flight: a bare blocking socket (the least any client can add) and the
 *       harness's {@link LlmClient}, each reporting first-token read − server write.
 *   <li>The real thing: LoadGen (real clock, Server scenario, token latencies) driving {@link HttpSut} at the target
 *       QPS: schedule delay (issued − scheduled, from LoadGen's {@link IssuedQuery}), request arrival at the
 *       server − scheduled, first-token read by the client − server write, and {@code firstTokenComplete} (what
 *       LoadGen timestamps) − server write.
 * </ol>
 *
 * <p>Run through {@code perf/harness-cost.sh}, which also measures the LoadGen-only baseline (zero-latency SUT).
 * Arguments: {@code [--qps 1000] [--seconds 15] [--url http://host:port] [--ttft-ms 5] [--itl-ms 2] [--tokens 8]
 * [--sequential 500] [--event-loops 2]}. Without {@code --url} the simulator runs in this JVM.
 */
public final class HarnessCostBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int QSL = 512;

    private final Map<String, String> opts;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private String baseUrl;

    private HarnessCostBench(Map<String, String> opts) {
        this.opts = opts;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        new HarnessCostBench(o).run();
        System.exit(0);
    }

    private double num(String key, double dflt) {
        return opts.containsKey(key) ? Double.parseDouble(opts.get(key)) : dflt;
    }

    private void run() throws Exception {
        double qps = num("qps", 1000);
        double seconds = num("seconds", 15);
        int tokens = (int) num("tokens", 8);
        int sequential = (int) num("sequential", 500);
        int loops = (int) num("event-loops", 2);
        SimulatorServer sim = null;
        String where;
        if (opts.containsKey("url")) {
            baseUrl = opts.get("url");
            where = "separate process at " + baseUrl;
        } else {
            sim = SimulatorServer.start(SimulatorOptions.defaults()
                    .with(Latency.fixed(num("ttft-ms", 5), num("itl-ms", 2)))
                    .with(Recording.DEFAULTS
                            .withRecordTimings(true)
                            .withTimingsCapacity((int) (qps * seconds * 1.5) + 4 * sequential + 10_000)));
            baseUrl = sim.baseUrl();
            where = "in-process";
        }
        System.out.printf(
                Locale.ROOT,
                "# harness cost %s: %d cores, load average %s; simulator %s; %.0f QPS for %.0f s, %d tokens per"
                        + " request, client event loops %d%n",
                Instant.now(),
                Runtime.getRuntime().availableProcessors(),
                loadAverage(),
                where,
                qps,
                seconds,
                tokens,
                loops);
        Vertx vertx = Vertx.vertx();
        try {
            List<String[]> rows = new ArrayList<>();
            warmUp(vertx, tokens, loops);
            rows.add(row("sequential, bare socket: first token read - server write", rawSocket(sequential, tokens)));
            rows.add(row(
                    "sequential, LlmClient: first token read - server write",
                    sequentialClient(vertx, sequential, tokens, loops)));
            rows.addAll(loadGenRun(vertx, qps, seconds, tokens, loops));
            System.out.printf(Locale.ROOT, "%-66s %8s %10s %10s %10s%n", "measure", "n", "p50_us", "p99_us", "max_us");
            for (String[] r : rows) {
                System.out.printf(Locale.ROOT, "%-66s %8s %10s %10s %10s%n", (Object[]) r);
            }
            System.out.printf(Locale.ROOT, "# load average after: %s%n", loadAverage());
        } finally {
            vertx.close().await();
            if (sim != null) {
                sim.close();
            }
        }
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    private LlmClient client(Vertx vertx, int tokens, int loops) {
        return LlmClient.start(
                        vertx,
                        ClientOptions.builder()
                                .baseUrls(baseUrl)
                                .api(ApiSettings.of(
                                        "sim-model",
                                        SamplingParams.SERVER_DEFAULTS
                                                .withMaxTokens(tokens)
                                                .withIgnoreEos(true)))
                                .responseEncoding(ResponseEncoding.TOKEN_IDS_INT32)
                                .maxInFlight(1024)
                                .eventLoops(loops)
                                .expectedRequests(1 << 16)
                                .build())
                .await();
    }

    private static Prompt.TokenIds prompt(int index) {
        int[] ids = new int[8 + index]; // distinct lengths: the simulator's records name the prompt length
        Arrays.fill(ids, 300 + index % 251);
        ids[0] = 1;
        return new Prompt.TokenIds(ids);
    }

    /** JIT warm-up of client and simulator paths; the simulator then forgets these requests. */
    private void warmUp(Vertx vertx, int tokens, int loops) throws Exception {
        LlmClient c = client(vertx, tokens, loops);
        for (int round = 0; round < 20; round++) {
            List<CompletableFuture<RequestResult>> all = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                CompletableFuture<RequestResult> f = new CompletableFuture<>();
                c.submit(ClientRequest.of(prompt(i % QSL), true, f::complete));
                all.add(f);
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        }
        c.close().await();
        rawSocket(300, tokens);
        clearTimings();
    }

    // ---- baselines

    /** One blocking socket, keep-alive, one request at a time; first token = first {@code data:} bytes read. */
    private long[] rawSocket(int n, int tokens) throws Exception {
        URI u = URI.create(baseUrl);
        long[] lag = new long[n];
        try (Socket s = new Socket(u.getHost(), u.getPort())) {
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[65536];
            for (int i = 0; i < n; i++) {
                String id = "raw-" + System.nanoTime() + "-" + i;
                byte[] body = ("{\"model\":\"sim-model\",\"prompt\":[1,2,3,4],\"max_tokens\":" + tokens
                                + ",\"ignore_eos\":true,\"stream\":true}")
                        .getBytes(StandardCharsets.US_ASCII);
                String head = "POST /v1/completions HTTP/1.1\r\nHost: " + u.getHost() + "\r\nContent-Type: "
                        + "application/json\r\nX-Request-Id: " + id + "\r\nX-Sim-Record-Timings: 1\r\n"
                        + "Content-Length: " + body.length + "\r\n\r\n";
                out.write(head.getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
                StringBuilder seen = new StringBuilder();
                long first = 0;
                while (true) {
                    int r = in.read(buf);
                    long now = System.nanoTime();
                    if (r < 0) {
                        throw new IOException("connection closed");
                    }
                    seen.append(new String(buf, 0, r, StandardCharsets.ISO_8859_1));
                    if (first == 0 && seen.indexOf("data: {") >= 0) {
                        first = now;
                    }
                    if (seen.indexOf("[DONE]") >= 0 && seen.indexOf("\r\n0\r\n\r\n") >= 0) {
                        break;
                    }
                }
                lag[i] = first - timing(id).get("first_token_ns").asLong();
            }
        }
        return lag;
    }

    private long[] sequentialClient(Vertx vertx, int requested, int tokens, int loops) throws Exception {
        int n = Math.min(requested, QSL); // prompt lengths identify the requests: at most QSL distinct ones
        clearTimings();
        LlmClient c = client(vertx, tokens, loops);
        long[] read = new long[n];
        Map<Integer, Long> readByLength = new HashMap<>();
        for (int i = 0; i < n; i++) {
            CompletableFuture<RequestResult> f = new CompletableFuture<>();
            Prompt.TokenIds p = prompt(i % QSL);
            c.submit(ClientRequest.of(p, true, f::complete));
            RequestRecord r = f.join().record();
            readByLength.put(p.ids().length, r.firstTokenNs());
        }
        c.close().await();
        int k = 0;
        for (JsonNode t : allTimings()) {
            Long seenAt = readByLength.get(t.get("prompt_tokens").asInt());
            if (seenAt != null) {
                read[k++] = seenAt - t.get("first_token_ns").asLong();
            }
        }
        return Arrays.copyOf(read, k);
    }

    // ---- LoadGen + HttpSut

    private List<String[]> loadGenRun(Vertx vertx, double qps, double seconds, int tokens, int loops) throws Exception {
        clearTimings();
        LlmClient client = client(vertx, tokens, loops);
        LoadGen loadGen = new LoadGen();
        Schedule schedule = new Schedule();
        Map<Long, Long> firstReported = new ConcurrentHashMap<>();
        Map<Long, Long> indexOfId = new ConcurrentHashMap<>();
        ResponseSink sink = new ResponseSink() {
            @Override
            public void firstTokenComplete(List<QuerySampleResponse> responses) {
                long now = System.nanoTime();
                responses.forEach(r -> firstReported.put(r.id(), now));
                loadGen.firstTokenComplete(responses);
            }

            @Override
            public void querySamplesComplete(List<QuerySampleResponse> responses) {
                loadGen.querySamplesComplete(responses);
            }
        };
        HttpSut http = new HttpSut(
                client,
                sink,
                HarnessCostBench::prompt,
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32));
        SystemUnderTest sut = new SystemUnderTest() {
            @Override
            public String name() {
                return "HarnessCostBench";
            }

            @Override
            public void issueQuery(IssuedQuery query) {
                schedule.issued(query);
                query.samples().forEach(s -> indexOfId.put(s.id(), s.index()));
                http.issueQuery(query);
            }

            @Override
            public void flushQueries() {}
        };
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.mode = TestMode.PERFORMANCE_ONLY;
        s.serverTargetQps = qps;
        s.minDurationMs = (long) (seconds * 1000);
        s.minQueryCount = 1;
        s.useTokenLatencies = true;
        s.serverTargetLatencyNs = 10_000_000_000L;
        s.serverTtftLatency = 10_000_000_000L;
        Path logs = Files.createTempDirectory("harness-cost");
        TestResult result = loadGen.startTest(
                sut,
                new InMemoryQsl("harness-cost", QSL),
                s,
                LogSettings.defaults().withOutdir(logs).withEnableTrace(false),
                "no-audit.config");
        System.out.printf(
                Locale.ROOT,
                "# LoadGen: %s, %d queries, %d failed samples, LoadGen errors %d, logs in %s%n",
                result.verdict(),
                schedule.count(),
                http.stats().samplesFailed(),
                result.errorCount(),
                logs);

        // Match client requests to server records: same prompt length (= sample index), k-th by time on each side.
        Map<Integer, Deque<JsonNode>> serverByLength = new HashMap<>();
        List<JsonNode> timings = new ArrayList<>(allTimings());
        timings.sort((a, b) ->
                Long.compare(a.get("arrival_ns").asLong(), b.get("arrival_ns").asLong()));
        for (JsonNode t : timings) {
            serverByLength
                    .computeIfAbsent(t.get("prompt_tokens").asInt(), x -> new ArrayDeque<>())
                    .add(t);
        }
        List<RequestRecord> records = new ArrayList<>(client.snapshot().requests());
        records.sort((a, b) -> Long.compare(a.sentNs(), b.sentNs()));
        List<Long> arrival = new ArrayList<>();
        List<Long> read = new ArrayList<>();
        Map<Long, Long> readLagByFirstNs = new HashMap<>();
        for (RequestRecord r : records) {
            Deque<JsonNode> q = serverByLength.get(prompt((int) r.sampleIndex()).ids().length);
            JsonNode t = q == null ? null : q.poll();
            if (t == null || !r.ok()) {
                continue;
            }
            long emit = t.get("first_token_ns").asLong();
            arrival.add(t.get("arrival_ns").asLong() - r.scheduledNs());
            read.add(r.firstTokenNs() - emit);
            readLagByFirstNs.put(r.firstTokenNs(), emit);
        }
        // firstTokenComplete times, matched through the client's first-token time of the same sample
        List<Long> reported = new ArrayList<>();
        Map<Long, List<Long>> recordsBySample = new HashMap<>();
        for (RequestRecord r : records) {
            recordsBySample
                    .computeIfAbsent(r.sampleIndex(), x -> new ArrayList<>())
                    .add(r.firstTokenNs());
        }
        for (Map.Entry<Long, Long> e : firstReported.entrySet()) {
            List<Long> candidates = recordsBySample.getOrDefault(indexOfId.get(e.getKey()), List.of());
            long best = Long.MIN_VALUE;
            for (long f : candidates) {
                if (f <= e.getValue() && f > best) {
                    best = f; // the latest first token of this sample read before the report
                }
            }
            Long emit = readLagByFirstNs.get(best);
            if (emit != null) {
                reported.add(e.getValue() - emit);
            }
        }
        client.close().await();
        List<String[]> rows = new ArrayList<>();
        rows.add(row("LoadGen+HttpSut: schedule delay (issued - scheduled)", schedule.delays()));
        rows.add(row("LoadGen+HttpSut: request arrival at server - scheduled", toArray(arrival)));
        rows.add(row("LoadGen+HttpSut: first token read by client - server write", toArray(read)));
        rows.add(row("LoadGen+HttpSut: firstTokenComplete - server write", toArray(reported)));
        return rows;
    }

    private static long[] toArray(List<Long> v) {
        return v.stream().mapToLong(Long::longValue).toArray();
    }

    private static String[] row(String name, long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        if (s.length == 0) {
            return new String[] {name, "0", "-", "-", "-"};
        }
        return new String[] {
            name,
            Integer.toString(s.length),
            us(s[(int) Math.min(s.length - 1, (long) (s.length * 0.5))]),
            us(s[(int) Math.min(s.length - 1, (long) (s.length * 0.99))]),
            us(s[s.length - 1])
        };
    }

    private static String us(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1000.0);
    }

    // ---- simulator ground truth

    private void clearTimings() throws Exception {
        http.send(
                HttpRequest.newBuilder(URI.create(baseUrl + "/sim/timings"))
                        .DELETE()
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    private JsonNode timing(String id) throws Exception {
        return JSON.readTree(http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl + "/sim/timings/" + id))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
    }

    private List<JsonNode> allTimings() throws Exception {
        JsonNode ids = JSON.readTree(http.send(
                                HttpRequest.newBuilder(URI.create(baseUrl + "/sim/timings"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body())
                .get("ids");
        ConcurrentLinkedQueue<JsonNode> out = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<?>> inFlight = new ArrayList<>();
        for (JsonNode id : ids) {
            inFlight.add(http.sendAsync(
                            HttpRequest.newBuilder(URI.create(baseUrl + "/sim/timings/" + id.asText()))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .thenAccept(r -> {
                        try {
                            out.add(JSON.readTree(r.body()));
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }));
            if (inFlight.size() == 32) {
                CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new))
                        .join();
                inFlight.clear();
            }
        }
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).join();
        return new ArrayList<>(out);
    }

    /** LoadGen's schedule delay (issued - scheduled) of every query, from the issued queries. */
    private static final class Schedule {
        private long[] delays = new long[1 << 16];
        private int count;

        synchronized void issued(IssuedQuery query) {
            for (int q = 0; q < query.queryCount(); q++) {
                if (count == delays.length) {
                    delays = Arrays.copyOf(delays, count * 2);
                }
                delays[count++] = query.issuedNanos() - query.queryScheduledNanos(q);
            }
        }

        synchronized int count() {
            return count;
        }

        synchronized long[] delays() {
            return Arrays.copyOf(delays, count);
        }
    }
}
