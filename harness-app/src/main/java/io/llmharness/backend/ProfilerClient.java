package io.llmharness.backend;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.backend.config.Backend;
import io.llmharness.backend.config.ProfileSettings;
import io.llmharness.backend.config.ProfilerTool;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Client-side profiling hooks: {@code POST /start_profile} before the measured phase and
 * {@code POST /stop_profile} after it, on every server in parallel. {@code stop_profile} flushes traces
 * synchronously and may take many minutes, so it gets {@code profile.stop_timeout} (default 30 min). SGLang's
 * {@code /start_profile} receives a JSON body: {@code profile.start_request} when configured, else
 * {@code {"activities":["CUDA_PROFILER"]}} under Nsight and no body for the PyTorch profiler. Also usable for
 * servers the harness did not start ({@code --api-server-url}).
 */
public final class ProfilerClient {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    private final List<String> baseUrls;
    private final Backend backend;
    private final ProfileSettings settings;
    private final HttpClient http;

    public ProfilerClient(List<String> baseUrls, Backend backend, ProfileSettings settings) {
        this.baseUrls = List.copyOf(baseUrls);
        this.backend = backend;
        this.settings = settings;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** {@code POST /start_profile} on every server. */
    public ProfileOutcome start() {
        return callAll("start_profile", startBody(), START_TIMEOUT);
    }

    /** {@code POST /stop_profile} on every server, waiting up to {@code profile.stop_timeout}. */
    public ProfileOutcome stop() {
        return callAll("stop_profile", null, settings.stopTimeout());
    }

    String startBody() {
        if (backend != Backend.SGLANG) {
            return null;
        }
        if (settings.startRequest() != null) {
            return settings.startRequest().toString();
        }
        if (settings.tool() == ProfilerTool.NSYS) {
            ObjectNode n = JsonNodeFactory.instance.objectNode();
            n.putArray("activities").add("CUDA_PROFILER");
            return n.toString();
        }
        return null;
    }

    private ProfileOutcome callAll(String action, String body, Duration timeout) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<ProfileOutcome.Result>> calls = baseUrls.stream()
                    .map(u -> CompletableFuture.supplyAsync(() -> call(u, action, body, timeout), pool))
                    .toList();
            return new ProfileOutcome(
                    action, calls.stream().map(CompletableFuture::join).toList());
        }
    }

    private ProfileOutcome.Result call(String baseUrl, String action, String body, Duration timeout) {
        HttpRequest.Builder rb =
                HttpRequest.newBuilder(URI.create(baseUrl + "/" + action)).timeout(timeout);
        if (body == null) {
            rb.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            rb.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        }
        try {
            HttpResponse<String> r = http.send(rb.build(), HttpResponse.BodyHandlers.ofString());
            return switch (r.statusCode()) {
                case 200 -> new ProfileOutcome.Result(baseUrl, ProfileOutcome.Status.OK, null);
                case 404 -> new ProfileOutcome.Result(baseUrl, ProfileOutcome.Status.NOT_ENABLED, "HTTP 404");
                default -> new ProfileOutcome.Result(baseUrl, ProfileOutcome.Status.FAILED, "HTTP " + r.statusCode());
            };
        } catch (HttpTimeoutException e) {
            return new ProfileOutcome.Result(
                    baseUrl, ProfileOutcome.Status.FAILED, "no answer within " + timeout.toSeconds() + " s");
        } catch (IOException e) {
            return new ProfileOutcome.Result(baseUrl, ProfileOutcome.Status.FAILED, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProfileOutcome.Result(baseUrl, ProfileOutcome.Status.FAILED, "interrupted");
        }
    }
}
