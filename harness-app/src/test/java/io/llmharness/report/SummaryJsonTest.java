package io.llmharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.MetricSummary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SummaryJsonTest {

    private static final String GOLDEN = "/report/summary-golden.json";

    /** Run with {@code -Dupdate.golden=true} to rewrite the golden file after an intended layout change. */
    @Test
    void layoutMatchesTheGoldenFile() throws IOException {
        String json = SummaryJson.toJson(RunFixtures.summary(RunFixtures.snapshot()));
        if (Boolean.getBoolean("update.golden")) {
            Files.writeString(Path.of("src/test/resources" + GOLDEN), json);
        }
        String golden;
        try (InputStream in = SummaryJsonTest.class.getResourceAsStream(GOLDEN)) {
            golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(json).isEqualTo(golden);
    }

    @Test
    void sectionsComeInAFixedOrder() throws IOException {
        JsonNode root = new ObjectMapper().readTree(SummaryJson.toJson(RunFixtures.summary(RunFixtures.snapshot())));
        assertThat(fieldNames(root))
                .containsExactly(
                        "schema_version",
                        "run",
                        "config",
                        "dataset",
                        "mlperf",
                        "metrics",
                        "endpoints",
                        "balance",
                        "failures");
        assertThat(fieldNames(root.get("metrics")))
                .containsExactly("window", "requests", "latency", "throughput", "failure_rate", "tokens", "slos");
        assertThat(fieldNames(root.get("metrics").get("latency")))
                .containsExactly(
                        "ttft",
                        "ttft_from_send",
                        "e2e_latency",
                        "e2e_latency_from_send",
                        "tpot",
                        "itl_chunk",
                        "itl_token",
                        "ntpot",
                        "time_per_request",
                        "schedule_delay",
                        "connection_wait");
        assertThat(fieldNames(root.get("metrics").get("latency").get("ttft")))
                .containsExactly("unit", "population", "count", "mean", "p50", "p90", "p95", "p99", "p99.9", "max");
    }

    @Test
    void emptyRunHasNullsInsteadOfNaN() throws IOException {
        RecordSnapshot empty = new RecordSnapshot(RunFixtures.WALL, 0, List.of(), null, null);
        RunSummary s = RunSummary.of(
                new RunInfo("r", "v", List.of(), RunFixtures.WALL, null),
                null,
                null,
                null,
                MetricSummary.compute(empty, MeasureOptions.all(), List.of()));
        String json = SummaryJson.toJson(s);
        assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
        JsonNode root = new ObjectMapper().readTree(json);
        assertThat(root.get("mlperf").isNull()).isTrue();
        assertThat(root.get("config").isObject()).isTrue();
        assertThat(root.at("/run/end").isNull()).isTrue();
        assertThat(root.at("/run/duration_s").isNull()).isTrue();
        assertThat(root.at("/metrics/failure_rate").isNull()).isTrue();
        assertThat(root.at("/metrics/throughput/requests_per_second").isNull()).isTrue();
        assertThat(root.at("/metrics/latency/ttft/count").asLong()).isZero();
        assertThat(root.at("/metrics/latency/ttft/mean").isNull()).isTrue();
        assertThat(root.at("/metrics/latency/ttft/p99.9").isNull()).isTrue();
        assertThat(root.at("/metrics/window/requested_start_ns").isNull()).isTrue();
        assertThat(json).contains("\"config\": {},").contains("\"endpoints\": [],");
    }

    @Test
    void callerMapsKeepTheirOrderOrAreSortedAndNumbersStayNumbers() throws IOException {
        Map<String, Object> ordered = new LinkedHashMap<>();
        ordered.put("zeta", 1);
        ordered.put("alpha", List.of(1.5, Double.POSITIVE_INFINITY, "x"));
        ordered.put("nested", Map.of("b", 2L, "a", true));
        ordered.put("when", Instant.parse("2025-01-01T00:00:00Z"));
        ordered.put("array", new int[] {3, 4});
        ordered.put("tiny", 1e-7);
        RunSummary s = RunSummary.of(
                new RunInfo("r", "v", List.of("a b"), RunFixtures.WALL, RunFixtures.WALL.plusMillis(1500)),
                ordered,
                new TreeMap<>(Map.of("y", 1, "x", 2)),
                null,
                MetricSummary.compute(RunFixtures.snapshot(), MeasureOptions.all(), List.of()));
        JsonNode root = new ObjectMapper().readTree(SummaryJson.toJson(s));
        JsonNode config = root.get("config");
        assertThat(fieldNames(config)).containsExactly("zeta", "alpha", "nested", "when", "array", "tiny");
        assertThat(fieldNames(config.get("nested"))).containsExactly("a", "b");
        assertThat(config.get("alpha").get(0).isNumber()).isTrue();
        assertThat(config.get("alpha").get(1).isNull()).isTrue();
        assertThat(config.get("when").asText()).isEqualTo("2025-01-01T00:00:00Z");
        assertThat(config.get("array").toString()).isEqualTo("[3,4]");
        assertThat(SummaryJson.toJson(s)).contains("\"tiny\": 0.0000001");
        assertThat(fieldNames(root.get("dataset"))).containsExactly("x", "y");
        assertThat(root.at("/run/duration_s").decimalValue()).isEqualByComparingTo("1.5");
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}
