package io.llmharness.report;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.PrometheusText;
import io.llmharness.metrics.RecordBuilder;
import io.llmharness.metrics.StageWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * A made-up workload run for report tests and the report benchmark: three stages of Poisson arrivals at rising
 * rates over two servers, streamed answers with log-normal latencies that grow with the load, 2 % failures, and
 * vLLM-style {@code /metrics} scrapes every second. Deterministic for a seed.
 */
public final class SyntheticRun {

    static final Instant WALL = Instant.parse("2026-01-15T09:00:00Z");
    static final long ANCHOR = 5_000_000_000L;
    static final String[] SERVERS = {"http://10.0.0.1:8000", "http://10.0.0.2:8000"};

    private final int requests;
    private final long seed;

    /** @param requests requests over the whole run, split evenly over the stages */
    public SyntheticRun(int requests, long seed) {
        this.requests = requests;
        this.seed = seed;
    }

    /** The stage windows: three stages of 20 s, with 1/7, 2/7 and 4/7 of the requests (rising rates). */
    public List<StageWindow> stages() {
        List<StageWindow> out = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            double rate = count(s) / 20.0;
            out.add(new StageWindow(
                    String.format(java.util.Locale.ROOT, "stage %d: %.3g req/s", s, rate),
                    s * 20_000_000_000L,
                    (s + 1) * 20_000_000_000L));
        }
        return out;
    }

    private int count(int stage) {
        int first = requests / 7;
        return switch (stage) {
            case 0 -> first;
            case 1 -> 2 * first;
            default -> requests - 3 * first;
        };
    }

    /** The records, in completion order of no importance (as a client's store holds them). */
    public RecordSnapshot snapshot() {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<StageWindow> stages = stages();
        List<RequestRecord> out = new ArrayList<>(requests);
        Histogram gaps = new Histogram(3);
        long id = 0;
        for (int s = 0; s < stages.size(); s++) {
            StageWindow w = stages.get(s);
            int n = count(s);
            double meanGap = (double) (w.endNs() - w.startNs()) / n;
            long t = w.startNs();
            for (int i = 0; i < n; i++) {
                t += (long) (-Math.log(1 - rnd.nextDouble()) * meanGap);
                if (t >= w.endNs()) {
                    t = w.endNs() - 1;
                }
                out.add(request(rnd, id++, ANCHOR + t, s, gaps));
            }
        }
        Histogram token = gaps.copy();
        return new RecordSnapshot(WALL, ANCHOR, out, gaps, token);
    }

    private static RequestRecord request(SplittableRandom rnd, long id, long at, int stage, Histogram gaps) {
        int endpoint = (int) (id % 2);
        double load = 1 + stage * 0.6;
        long ttft = (long) (logNormal(rnd, 40e6 * load, 0.35));
        long tpot = (long) (logNormal(rnd, 12e6 * load, 0.2));
        long out = 20 + rnd.nextInt(200);
        long sched = rnd.nextInt(1000) < 995 ? rnd.nextInt(200_000) : 3_000_000 + rnd.nextInt(5_000_000);
        RecordBuilder b = RecordBuilder.at(at)
                .id(id)
                .endpoint(endpoint, SERVERS[endpoint])
                .sample(id % 1000)
                .issued(at + sched)
                .dispatched(at + sched + 1000)
                .connected(at + sched + 2000)
                .sent(at + sched + 3000)
                .headers(at + sched + ttft / 2)
                .firstToken(at + sched + ttft)
                .lastToken(at + sched + ttft + tpot * (out - 1))
                .done(at + sched + ttft + tpot * (out - 1) + 50_000)
                .chunks((int) out, tpot * 3)
                .tokens(100 + rnd.nextInt(900), out, TokenCountSource.SERVER_USAGE);
        gaps.recordValueWithCount(tpot, out - 1);
        int f = rnd.nextInt(100);
        if (f == 0) {
            b.failedBeforeSend(new Outcome.TransportError("Connection refused", true), at + sched + 1_000_000);
        } else if (f == 1) {
            b.firstToken(RequestRecord.ABSENT)
                    .lastToken(RequestRecord.ABSENT)
                    .chunks(0, 0)
                    .tokens(-1, -1, TokenCountSource.NONE)
                    .status(503)
                    .outcome(new Outcome.HttpError(503, "server overloaded", null, false));
        }
        return b.build();
    }

    private static double logNormal(SplittableRandom rnd, double median, double sigma) {
        double u1 = Math.max(1e-12, rnd.nextDouble());
        double z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * rnd.nextDouble());
        return median * Math.exp(sigma * z);
    }

    /** The summary of the run, with its stages, as a workload run would write it. */
    public RunSummary summary(RecordSnapshot snap) {
        List<EndpointStats> endpoints = List.of(
                new EndpointStats(SERVERS[0], requests / 2, requests / 100, 0, 40, 42, 0, 3),
                new EndpointStats(SERVERS[1], requests - requests / 2, requests / 100, 0, 38, 40, 1, 0));
        MetricSummary metrics = MetricSummary.compute(snap, MeasureOptions.all(), endpoints);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("workload", "synthetic-sweep");
        config.put("model", "meta-llama/Llama-3.1-8B-Instruct");
        config.put("target", "2 servers (synthetic)");
        config.put("temperature", 0.0); // a decimal that reads back as an integer unless read exactly
        config.put("top_p", 0.950);
        long end = stages().get(2).endNs() + 2_000_000_000L;
        RunInfo info = new RunInfo(
                "20260115-090000-synthetic", "test", List.of("harness", "bench"), WALL, WALL.plusNanos(end));
        Map<String, Object> health = new LinkedHashMap<>(); // shaped like the client_health section of a run
        health.put("verdict", "client-limited");
        health.put("reasons", List.of("schedule delay p99 4.0 ms > 2.0 ms"));
        health.put("schedule_delay_ms", Map.of("count", requests, "p99", 4.0));
        health.put("thresholds", Map.of("schedule_delay_p99_ms", 2.0));
        return RunSummary.of(info, config, Map.of("rows", 1000), null, health, metrics)
                .withStages(stages());
    }

    /** Writes the run directory: server metrics first (as a scraper would have), then the run's files. */
    public RunSummary writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        RecordSnapshot snap = snapshot();
        writeScrapes(dir, snap);
        return RunOutputs.write(dir, summary(snap), snap);
    }

    /** One vLLM-style scrape per server per second, counters following the requests. */
    static void writeScrapes(Path dir, RecordSnapshot snap) throws IOException {
        long endNs =
                snap.requests().stream().mapToLong(RequestRecord::doneNs).max().orElse(ANCHOR) - ANCHOR;
        try (ServerMetricsFile.Writer w = ServerMetricsFile.Writer.create(dir)) {
            double[] gen = new double[SERVERS.length];
            double[] hits = new double[SERVERS.length];
            double[] queries = new double[SERVERS.length];
            long[] running = new long[SERVERS.length];
            for (long t = 0; t <= endNs + 1_000_000_000L; t += 1_000_000_000L) {
                java.util.Arrays.fill(running, 0);
                for (RequestRecord r : snap.requests()) {
                    long s = r.sentNs() - ANCHOR;
                    long d = r.doneNs() - ANCHOR;
                    if (r.sentNs() != RequestRecord.ABSENT && s <= t && d > t) {
                        running[r.endpoint()]++;
                    }
                    if (d > t - 1_000_000_000L && d <= t && r.ok()) {
                        gen[r.endpoint()] += r.outputTokens();
                        queries[r.endpoint()] += r.inputTokens();
                        hits[r.endpoint()] += r.inputTokens() * 0.4;
                    }
                }
                for (int i = 0; i < SERVERS.length; i++) {
                    String text = "# TYPE vllm:num_requests_running gauge\n"
                            + "vllm:num_requests_running{engine=\"0\",model_name=\"m\"} " + running[i] + "\n"
                            + "vllm:num_requests_waiting{engine=\"0\",model_name=\"m\"} " + running[i] / 8 + "\n"
                            + "vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"m\"} "
                            + Math.min(1, running[i] / 64.0)
                            + "\n"
                            + "vllm:generation_tokens_total{engine=\"0\",model_name=\"m\"} " + gen[i] + "\n"
                            + "vllm:prompt_tokens_total{engine=\"0\",model_name=\"m\"} " + queries[i] + "\n"
                            + "vllm:prefix_cache_hits_total{engine=\"0\",model_name=\"m\"} " + hits[i] + "\n"
                            + "vllm:prefix_cache_queries_total{engine=\"0\",model_name=\"m\"} " + queries[i] + "\n"
                            + "vllm:num_preemptions_total{engine=\"0\",model_name=\"m\"} " + t / 7_000_000_000L + "\n";
                    w.append(WALL.plusNanos(t), SERVERS[i], PrometheusText.parse(text));
                }
            }
        }
    }
}
