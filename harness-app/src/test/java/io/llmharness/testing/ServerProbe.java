package io.llmharness.testing;

import static org.awaitility.Awaitility.await;

import io.llmharness.metrics.PrometheusText;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a running vLLM-compatible server (the simulator, wherever it runs) has done, read from its {@code /metrics}:
 * lets a test wait until a run is really under way, e.g. before it interrupts it.
 */
public final class ServerProbe {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Pattern RUNNING_AGAINST = Pattern.compile("harness: running .* against (http://[^ ,]+)");

    private ServerProbe() {}

    /** The first server URL of a {@code harness: running ... against URL, ...} line. */
    public static String serverUrl(String runningLine) {
        Matcher m = RUNNING_AGAINST.matcher(runningLine);
        if (!m.find()) {
            throw new AssertionError("no server URL in: " + runningLine);
        }
        return m.group(1);
    }

    /** Requests the server has finished ({@code vllm:request_success_total}); -1 while it does not answer. */
    public static double completed(String baseUrl) {
        return metric(baseUrl, "vllm:request_success_total");
    }

    /**
     * Requests the server answered in full ({@code vllm:request_success_total} with {@code finished_reason} stop or
     * length, not the ones the client aborted); -1 while it does not answer.
     */
    public static double answered(String baseUrl) {
        double stop = metric(baseUrl, "vllm:request_success_total", Map.of("finished_reason", "stop"));
        double length = metric(baseUrl, "vllm:request_success_total", Map.of("finished_reason", "length"));
        return stop < 0 || length < 0 ? -1 : stop + length;
    }

    /** Requests the server is generating now ({@code vllm:num_requests_running}); -1 while it does not answer. */
    public static double running(String baseUrl) {
        return metric(baseUrl, "vllm:num_requests_running");
    }

    /** The status of {@code GET /health} (503 while a server warms up); -1 while it does not answer. */
    public static int health(String baseUrl) {
        try {
            return HTTP.send(
                            HttpRequest.newBuilder(URI.create(baseUrl + "/health"))
                                    .timeout(Duration.ofSeconds(10))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + baseUrl + "/health", e);
        }
    }

    private static double metric(String baseUrl, String name) {
        return metric(baseUrl, name, Map.of());
    }

    private static double metric(String baseUrl, String name, Map<String, String> selector) {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/metrics"))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? PrometheusText.parse(r.body()).sum(name, selector) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + baseUrl + "/metrics", e);
        }
    }

    /** Waits until the server has finished at least {@code requests} requests. */
    public static void awaitCompleted(String baseUrl, int requests, Duration timeout) {
        await().atMost(timeout).pollInterval(Duration.ofMillis(50)).until(() -> completed(baseUrl) >= requests);
    }
}
