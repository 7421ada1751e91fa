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

    /**
     * What a server that answers 404 to {@code /start_profile} is missing: its own profiling switch, which the
     * harness sets only on servers it starts, in the spelling of {@code server_version}.
     */
    String switchHint() {
        boolean cuda = settings.tool() == ProfilerTool.NSYS || settings.tool() == ProfilerTool.AMD;
        String needs = backend == Backend.SGLANG
                ? (cuda ? "SGLang serves it always; check the URL" : "SGLang needs SGLANG_TORCH_PROFILER_DIR set")
                : cuda
                        ? "vLLM needs --profiler-config '{\"profiler\":\"cuda\"}' (0.13 and later)"
                                + " or VLLM_TORCH_CUDA_PROFILE=1 (0.12 and earlier)"
                        : "vLLM needs --profiler-config '{\"profiler\":\"torch\",\"torch_profiler_dir\":DIR}'"
                                + " (0.13 and later) or VLLM_TORCH_PROFILER_DIR=DIR (0.12 and earlier)";
        return "the server's own profiler switch is off (" + needs + "; the harness adds it only to servers it"
                + " starts, in the spelling of server_version)";
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
                case 404 -> new ProfileOutcome.Result(baseUrl, ProfileOutcome.Status.NOT_ENABLED, switchHint());
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
