package io.llmharness.run.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Measures a shard's {@link ClockOffset} before its load: {@value #PROBES} {@code GET <base URL>/v1/models} requests
 * (any status will do, only the {@code Date} header is read), each sent at a different eighth of a second so their
 * one-second intervals overlap as little as possible. Runs once per sharded run, on the calling thread, before the
 * shared start instant; it takes about a second and never fails the run: a server without {@code Date} headers or
 * out of reach gives an explanation instead of an offset.
 */
final class ClockProbe {

    static final int PROBES = 8;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    /**
     * The outcome: an offset, or why there is none.
     *
     * @param offset the estimate, or null
     * @param against what it was measured against ({@code Date header of <url>})
     * @param problem why there is no estimate, or null
     */
    record Result(ClockOffset offset, String against, String problem) {}

    private ClockProbe() {}

    /** Probes {@code baseUrl}; never throws. */
    static Result measure(String baseUrl) {
        String url = baseUrl.replaceAll("/+$", "") + "/v1/models";
        String against = "HTTP Date header of GET " + url;
        List<ClockOffset.Probe> probes = new ArrayList<>();
        String problem = null;
        try (HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(TIMEOUT)
                .build()) {
            HttpRequest req = HttpRequest.newBuilder(URI.create(url))
                    .timeout(TIMEOUT)
                    .GET()
                    .build();
            for (int i = 0; i < PROBES; i++) {
                waitForPhase(i);
                Instant sent = Instant.now();
                HttpResponse<Void> resp = http.send(req, HttpResponse.BodyHandlers.discarding());
                Instant received = Instant.now();
                Optional<Instant> date = resp.headers().firstValue("Date").flatMap(ClockProbe::parse);
                if (date.isEmpty()) {
                    problem = "the server sent no (valid) Date header";
                    break;
                }
                probes.add(new ClockOffset.Probe(sent, received, date.get()));
            }
        } catch (IOException | IllegalArgumentException e) {
            problem = "cannot reach " + url + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted";
        }
        if (problem != null) {
            return new Result(null, against, problem);
        }
        ClockOffset o = ClockOffset.estimate(probes);
        return o != null
                ? new Result(o, against, null)
                : new Result(null, against, "the Date headers contradict each other (the server's clock stepped)");
    }

    /** Parses an RFC 1123 date; empty when malformed. */
    static Optional<Instant> parse(String header) {
        try {
            return Optional.of(ZonedDateTime.parse(header.strip(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** Waits until this machine's clock is at the {@code i}-th eighth of a second. */
    private static void waitForPhase(int i) throws InterruptedException {
        long phaseNs = i * (1_000_000_000L / PROBES);
        long nowNs = Instant.now().getNano();
        long waitNs = Math.floorMod(phaseNs - nowNs, 1_000_000_000L);
        Thread.sleep(Duration.ofNanos(waitNs));
    }
}
