package io.llmharness.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A small loopback client for the simulator tests: JDK HttpClient pinned to HTTP/1.1, plus an SSE reader that
 * splits events at blank lines on the byte level and timestamps each with {@link System#nanoTime()}.
 */
public final class TestClient {
    public static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final String base;

    public TestClient(String baseUrl) {
        this.base = baseUrl;
    }

    /** A complete response. */
    public record Response(int status, String contentType, String body, HttpResponse<?> raw) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + body, e);
            }
        }

        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    /** One SSE event: its data payload and the time its terminating blank line was read. */
    public record Event(String data, long nanos) {
        public boolean done() {
            return data.equals("[DONE]");
        }

        public JsonNode json() {
            try {
                return JSON.readTree(data);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + data, e);
            }
        }
    }

    /** A streamed response. */
    public record Stream(
            int status,
            String contentType,
            long sentNanos,
            long headersNanos,
            List<Event> events,
            boolean endedCleanly,
            String errorBody) {
        public List<JsonNode> chunks() {
            List<JsonNode> out = new ArrayList<>();
            for (Event e : events) {
                if (!e.done()) {
                    out.add(e.json());
                }
            }
            return out;
        }

        public boolean sawDone() {
            return !events.isEmpty() && events.get(events.size() - 1).done();
        }
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET().build());
    }

    public Response post(String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        boolean typed = false;
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
            typed |= headers[i].equalsIgnoreCase("content-type");
        }
        if (!typed) {
            b.header("Content-Type", "application/json");
        }
        return send(b.build());
    }

    public Response postJson(String path, JsonNode body, String... headers) {
        return post(path, body.toString(), headers);
    }

    private Response send(HttpRequest req) {
        try {
            HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(
                    r.statusCode(), r.headers().firstValue("content-type").orElse(""), r.body(), r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Posts and reads an SSE stream to its end (or until the connection drops). */
    public Stream stream(String path, String body, String... headers) {
        return stream(path, body, Integer.MAX_VALUE, headers);
    }

    /**
     * Posts and reads at most {@code maxEvents} SSE events, then closes the connection (a client cancelling
     * mid-stream).
     */
    public Stream stream(String path, String body, int maxEvents, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        long sent = System.nanoTime();
        HttpResponse<InputStream> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        long headersAt = System.nanoTime();
        String type = r.headers().firstValue("content-type").orElse("");
        if (!type.startsWith("text/event-stream")) {
            try (InputStream in = r.body()) {
                return new Stream(
                        r.statusCode(),
                        type,
                        sent,
                        headersAt,
                        List.of(),
                        true,
                        new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<Event> events = new ArrayList<>();
        boolean clean = true;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        StringBuilder data = new StringBuilder();
        try (InputStream in = r.body()) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                for (int i = 0; i < n; i++) {
                    byte c = buf[i];
                    if (c != '\n') {
                        line.write(c);
                        continue;
                    }
                    String l = line.toString(StandardCharsets.UTF_8);
                    line.reset();
                    if (l.endsWith("\r")) {
                        l = l.substring(0, l.length() - 1);
                    }
                    if (l.isEmpty()) {
                        if (!data.isEmpty()) {
                            events.add(new Event(data.toString(), System.nanoTime()));
                            data.setLength(0);
                            if (events.size() >= maxEvents) {
                                return new Stream(r.statusCode(), type, sent, headersAt, events, false, null);
                            }
                        }
                    } else if (l.startsWith("data:")) {
                        String d = l.substring(5);
                        data.append(d.startsWith(" ") ? d.substring(1) : d);
                    }
                }
            }
        } catch (IOException e) {
            clean = false;
        }
        return new Stream(r.statusCode(), type, sent, headersAt, events, clean, null);
    }
}
