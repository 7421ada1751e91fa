package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.metrics.server.PromMetric;
import io.llmharness.metrics.server.PromMetricSet;
import io.llmharness.metrics.server.PromValue;
import io.llmharness.report.format.InferencePerfPrometheus;
import io.llmharness.run.RunConsole;
import io.llmharness.secret.Secrets;
import io.llmharness.workload.spec.PrometheusSpec;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A profile's {@code metrics: prometheus}: after the run, asks that Prometheus server for the model server's
 * metrics over the whole run and over each stage, with inference-perf's queries, windows and wait, and writes
 * {@code summary_prometheus_metrics.json} / {@code stage_<id>_prometheus_metrics.json}.
 *
 * <p>As inference-perf: the run first waits the scrape interval plus 2 s so the last requests are scraped; the
 * whole run is the window from the first stage's start to now; a stage's window runs from its start to its end
 * plus that wait. A query without a series counts 0. Unlike inference-perf, a Prometheus that does not answer or
 * refuses a query is said on the terminal (one line), and no file is written when it never answered.
 */
final class PrometheusReports {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);

    private final PrometheusSpec spec;
    private final String queryUrl;
    private final String filters;
    private final Map<String, PromMetric> metrics;
    private final HttpClient http;
    private int failed;
    private String firstFailure;

    private PrometheusReports(PrometheusSpec spec, String serverKind, String model) {
        this.spec = spec;
        String base =
                spec.url().endsWith("/") ? spec.url().substring(0, spec.url().length() - 1) : spec.url();
        this.queryUrl = base + "/api/v1/query";
        List<String> f = new ArrayList<>();
        f.add("model_name='" + model + "'");
        f.addAll(spec.filters());
        this.filters = String.join(",", f);
        this.metrics = PromMetricSet.forServer(serverKind == null ? "vllm" : serverKind);
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    /**
     * Waits for the last scrape, queries and writes the reports the profile asks for.
     *
     * @param wallAnchor the wall-clock instant of {@code nanoAnchor}, which maps the stages' times to the wall clock
     * @return the files written, relative to {@code dir}
     */
    static List<String> write(
            PrometheusSpec spec,
            String serverKind,
            String model,
            List<StageRun> stages,
            Instant wallAnchor,
            long nanoAnchor,
            Path dir,
            RunConsole console,
            BenchControl control) {
        Map<Integer, Instant[]> stageWindows = new LinkedHashMap<>();
        for (StageRun s : stages) {
            stageWindows.put(s.index(), new Instant[] {
                wallAnchor.plusNanos(s.startNs() - nanoAnchor), wallAnchor.plusNanos(s.endNs() - nanoAnchor)
            });
        }
        if (stageWindows.isEmpty() || !(spec.summary() || spec.perStage())) {
            return List.of();
        }
        String where = Secrets.redact(spec.url());
        console.note(String.format(
                Locale.ROOT,
                "harness: waiting %.0f s for Prometheus at %s to scrape the last requests (scrape_interval + 2 s)",
                spec.settleS(),
                where));
        if (!await(spec.settleS(), control)) {
            console.note("harness: warning: interrupted before Prometheus was asked; no Prometheus reports written");
            return List.of();
        }
        PrometheusReports r = new PrometheusReports(spec, serverKind, model);
        List<String> files = new ArrayList<>();
        Instant now = Instant.now();
        try {
            if (spec.summary()) {
                Instant first = stageWindows.values().iterator().next()[0];
                r.report(first, now, dir, InferencePerfPrometheus.SUMMARY_FILE, files);
            }
            if (spec.perStage()) {
                for (Map.Entry<Integer, Instant[]> e : stageWindows.entrySet()) {
                    Instant eval = e.getValue()[1].plusMillis(Math.round(spec.settleS() * 1000));
                    r.report(
                            e.getValue()[0],
                            eval.isAfter(now) ? now : eval,
                            dir,
                            InferencePerfPrometheus.stageFile(e.getKey()),
                            files);
                }
            }
        } catch (Unreachable u) {
            console.note("harness: warning: Prometheus at " + where + " did not answer (" + u.getMessage()
                    + "); no Prometheus reports written; check metrics.prometheus.url in the profile");
            return files;
        } catch (IOException e) {
            console.note("harness: warning: could not write a Prometheus report in " + dir + ": " + e.getMessage());
            return files;
        }
        if (r.failed > 0) {
            console.note("harness: warning: Prometheus refused " + r.failed + " queries (counted 0), first: "
                    + r.firstFailure + "; check metrics.prometheus.filters in the profile");
        }
        return files;
    }

    private void report(Instant from, Instant eval, Path dir, String file, List<String> files)
            throws IOException, Unreachable {
        double durationS = Math.max(1, Duration.between(from, eval).toMillis() / 1000.0);
        String time = String.format(Locale.ROOT, "%.3f", eval.toEpochMilli() / 1000.0);
        Map<String, CompletableFuture<double[]>> pending = new LinkedHashMap<>();
        for (Map.Entry<String, PromMetric> e : metrics.entrySet()) {
            List<String> qs = e.getValue().queries(durationS, filters);
            List<CompletableFuture<Double>> answers = new ArrayList<>();
            for (String q : qs) {
                answers.add(ask(q, time));
            }
            pending.put(
                    e.getKey(),
                    CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                            .thenApply(v -> answers.stream()
                                    .mapToDouble(CompletableFuture::join)
                                    .toArray()));
        }
        Map<String, PromValue> values = new LinkedHashMap<>();
        for (Map.Entry<String, CompletableFuture<double[]>> e : pending.entrySet()) {
            try {
                values.put(
                        e.getKey(),
                        new PromValue(metrics.get(e.getKey()), e.getValue().join()));
            } catch (java.util.concurrent.CompletionException ex) {
                throw new Unreachable(why(ex.getCause()));
            }
        }
        InferencePerfPrometheus.write(dir.resolve(file), values);
        files.add(file);
    }

    /** One instant query; 0 when Prometheus has no series or refuses the query (counted); fails when unreachable. */
    private CompletableFuture<Double> ask(String query, String time) {
        URI uri = URI.create(queryUrl + "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&time=" + time);
        HttpRequest req =
                HttpRequest.newBuilder(uri).timeout(QUERY_TIMEOUT).GET().build();
        return http.sendAsync(req, HttpResponse.BodyHandlers.ofString()).thenApply(r -> value(query, r));
    }

    private double value(String query, HttpResponse<String> r) {
        JsonNode body;
        try {
            body = JSON.readTree(r.body());
        } catch (IOException e) {
            refused(query, "HTTP " + r.statusCode() + ", not JSON");
            return 0;
        }
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            refused(query, "HTTP " + r.statusCode() + ": " + body.path("error").asText("no error text"));
            return 0;
        }
        JsonNode first = body.path("data").path("result").path(0).path("value").path(1);
        if (first.isMissingNode()) {
            return 0;
        }
        try {
            double v = Double.parseDouble(first.asText());
            return Double.isFinite(v) ? Math.round(v * 1e6) / 1e6 : v;
        } catch (NumberFormatException e) {
            refused(query, "value " + first.asText() + " is not a number");
            return 0;
        }
    }

    private synchronized void refused(String query, String why) {
        if (failed++ == 0) {
            firstFailure = query + " (" + why + ")";
        }
    }

    private static String why(Throwable t) {
        return switch (t) {
            case java.net.http.HttpConnectTimeoutException c -> "no connection within 10 s";
            case java.net.http.HttpTimeoutException c -> "no answer within " + QUERY_TIMEOUT.toSeconds() + " s";
            case java.net.ConnectException c -> "connection refused";
            case java.nio.channels.UnresolvedAddressException u -> "unknown host";
            case null -> "no reason given";
            default -> t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        };
    }

    /** Waits {@code seconds}, or until the run is interrupted; false when interrupted. */
    private static boolean await(double seconds, BenchControl control) {
        CountDownLatch stop = new CountDownLatch(1);
        control.onInterrupt(stop::countDown);
        try {
            return !stop.await(Math.round(seconds * 1000), TimeUnit.MILLISECONDS) && !control.interrupted();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            control.onInterrupt(null);
        }
    }

    /** Prometheus cannot be reached at all. */
    private static final class Unreachable extends Exception {
        Unreachable(String message) {
            super(message, null, false, false);
        }
    }
}
