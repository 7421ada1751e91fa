package io.llmharness.backend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.transport.TlsOptions;
import io.llmharness.client.transport.TlsProblems;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * Control-plane HTTP calls to a server: {@code GET /health}, {@code GET /v1/models}. HTTP/1.1 only (uvicorn
 * mishandles the h2c upgrade the JDK client would otherwise offer); a request that fails before any response
 * byte (a pooled connection the server already closed) is retried once. {@code https://} servers are trusted as
 * the run's {@link TlsOptions} say, and every call carries the run's extra headers and API key (vLLM guards
 * {@code /v1/models} with the key).
 */
public final class HealthProbe implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final Map<String, String> headers;

    /** A probe with the JDK's trust store and no extra headers. */
    public HealthProbe() {
        this(TlsOptions.DEFAULT, Map.of());
    }

    /**
     * @param tls how {@code https://} servers are trusted
     * @param headers sent with every call (the run's extra headers and {@code Authorization}); never logged
     */
    public HealthProbe(TlsOptions tls, Map<String, String> headers) {
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .sslContext(tls.sslContext())
                .build();
        this.headers = Map.copyOf(headers);
    }

    /**
     * The outcome of one check.
     *
     * @param status HTTP status, or 0 when no response arrived
     * @param problem what went wrong ({@code connection refused}, {@code timeout after 2 s}, {@code HTTP 503}),
     *     or null for 200
     */
    public record Check(int status, String problem) {

        public boolean ok() {
            return status == 200;
        }

        @Override
        public String toString() {
            return ok() ? "HTTP 200" : problem;
        }
    }

    /** {@code GET base/health} with the given timeout. */
    public Check health(String baseUrl, Duration timeout) {
        return get(baseUrl + "/health", timeout);
    }

    /** A GET whose body is ignored. */
    public Check get(String url, Duration timeout) {
        for (int attempt = 0; ; attempt++) {
            try {
                HttpResponse<Void> r = http.send(request(url, timeout), HttpResponse.BodyHandlers.discarding());
                return new Check(r.statusCode(), r.statusCode() == 200 ? null : "HTTP " + r.statusCode());
            } catch (HttpTimeoutException e) {
                return new Check(0, "no answer within " + timeout.toMillis() / 1000.0 + " s");
            } catch (ConnectException e) {
                return new Check(0, "connection refused");
            } catch (IOException e) {
                String tls = TlsProblems.describe(e);
                if (tls != null) {
                    return new Check(0, tls);
                }
                if (attempt == 0) {
                    continue;
                }
                return new Check(0, "I/O error: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Check(0, "interrupted");
            }
        }
    }

    /** {@code GET base/v1/models}: the first model's id and {@code max_model_len}, or {@link ModelInfo#UNKNOWN}. */
    public ModelInfo models(String baseUrl, Duration timeout) {
        try {
            HttpResponse<String> r =
                    http.send(request(baseUrl + "/v1/models", timeout), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return ModelInfo.UNKNOWN;
            }
            return parseModels(r.body());
        } catch (IOException e) {
            return ModelInfo.UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ModelInfo.UNKNOWN;
        }
    }

    static ModelInfo parseModels(String body) {
        try {
            JsonNode first = JSON.readTree(body).path("data").path(0);
            String id = first.path("id").isTextual() ? first.path("id").asText() : null;
            Integer len = first.path("max_model_len").canConvertToInt()
                    ? first.path("max_model_len").asInt()
                    : null;
            return new ModelInfo(id, len);
        } catch (IOException e) {
            return ModelInfo.UNKNOWN;
        }
    }

    /** Releases the HTTP client's connections and thread. */
    @Override
    public void close() {
        http.shutdownNow();
    }

    private HttpRequest request(String url, Duration timeout) {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET();
        headers.forEach(b::header);
        return b.build();
    }
}
