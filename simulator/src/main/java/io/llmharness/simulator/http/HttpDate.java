package io.llmharness.simulator.http;

import io.vertx.core.http.HttpHeaders;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The {@code date} response header as uvicorn sends it (RFC 9110 IMF-fixdate, whole seconds), formatted once per
 * second and shared by every response of that second. Clients measure their clock offset against it.
 */
final class HttpDate {

    static final CharSequence NAME = HttpHeaders.createOptimized("date");

    private record Stamp(long second, CharSequence value) {}

    private static volatile Stamp current = new Stamp(Long.MIN_VALUE, "");

    private HttpDate() {}

    /** The header value for now. */
    static CharSequence now() {
        long second = Math.floorDiv(System.currentTimeMillis(), 1000L);
        Stamp s = current;
        if (s.second() != second) {
            String text = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    Instant.ofEpochSecond(second).atOffset(ZoneOffset.UTC));
            s = new Stamp(second, HttpHeaders.createOptimized(text));
            current = s;
        }
        return s.value();
    }
}
