package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The clock offset from {@code Date} headers: the intersection of the probes' one-second intervals holds the true
 * offset, probes at different eighths of a second narrow it, and contradictory headers give no estimate.
 */
class ClockOffsetTest {

    /** A probe of a server whose clock is {@code offsetMs} ahead, stamping its reply halfway through the exchange. */
    private static ClockOffset.Probe probe(Instant sent, long rttMs, long offsetMs) {
        Instant received = sent.plusMillis(rttMs);
        Instant serverAtStamp = sent.plusMillis(rttMs / 2 + offsetMs);
        return new ClockOffset.Probe(sent, received, serverAtStamp.truncatedTo(ChronoUnit.SECONDS));
    }

    @Test
    void eightProbesAnEighthOfASecondApartBoundTheOffsetToAboutAnEighthOfASecond() {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        for (long offset : List.of(0L, 300L, -740L, 1_234L)) {
            List<ClockOffset.Probe> probes = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                probes.add(probe(t0.plusMillis(i * 125L + 1000L * i), 4, offset));
            }
            ClockOffset o = ClockOffset.estimate(probes);
            assertThat(o).isNotNull();
            assertThat(Math.abs(o.offsetNs() - offset * 1_000_000))
                    .as("offset " + offset)
                    .isLessThanOrEqualTo(o.uncertaintyNs());
            assertThat(o.uncertaintyMs()).as("offset " + offset).isLessThanOrEqualTo(66);
            assertThat(o.samples()).isEqualTo(8);
        }
    }

    @Test
    void oneProbeOnlyBoundsTheOffsetToASecond() {
        ClockOffset o = ClockOffset.estimate(List.of(probe(Instant.parse("2026-01-01T00:00:00.400Z"), 10, 0)));
        assertThat(Math.abs(o.offsetNs())).isLessThanOrEqualTo(o.uncertaintyNs());
        assertThat(o.uncertaintyMs()).isGreaterThan(490);
    }

    @Test
    void contradictoryHeadersOrNoProbesGiveNoEstimate() {
        Instant t0 = Instant.parse("2026-01-01T00:00:00.500Z");
        assertThat(ClockOffset.estimate(List.of(probe(t0, 2, 0), probe(t0.plusSeconds(1), 2, 5_000))))
                .isNull();
        assertThat(ClockOffset.estimate(List.of())).isNull();
    }

    @Test
    void aRealServersDateHeaderGivesAnOffsetWhoseIntervalHoldsZero() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            ex.sendResponseHeaders(404, -1);
            ex.close();
        });
        server.start();
        try {
            ClockProbe.Result r =
                    ClockProbe.measure("http://127.0.0.1:" + server.getAddress().getPort());
            assertThat(r.problem()).isNull();
            assertThat(r.against()).contains("Date header");
            assertThat(r.offset().samples()).isEqualTo(ClockProbe.PROBES);
            assertThat(Math.abs(r.offset().offsetNs()))
                    .as("same machine, same clock: " + r.offset().describe())
                    .isLessThanOrEqualTo(r.offset().uncertaintyNs());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aServerWithoutDateHeadersOrOutOfReachSaysWhy() {
        ClockProbe.Result r = ClockProbe.measure("http://127.0.0.1:1");
        assertThat(r.offset()).isNull();
        assertThat(r.problem()).contains("cannot reach");
        assertThat(ClockProbe.parse("Thu, 26 Nov 2026 13:00:25 GMT")).contains(Instant.parse("2026-11-26T13:00:25Z"));
        assertThat(ClockProbe.parse("yesterday")).isEmpty();
    }
}
