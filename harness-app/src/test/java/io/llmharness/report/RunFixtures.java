package io.llmharness.report;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.RecordBuilder;
import io.llmharness.metrics.SloSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A small run with one request of every shape the writers must handle, and its summary. */
final class RunFixtures {

    static final Instant WALL = Instant.parse("2025-06-01T12:00:00.000000100Z");
    static final long ANCHOR = 1_000_000_000_000L;
    static final long MS = 1_000_000L;

    private RunFixtures() {}

    static List<RequestRecord> records() {
        List<RequestRecord> rs = new ArrayList<>();
        long t = ANCHOR;
        rs.add(RecordBuilder.at(t - 5 * MS).id(0).sample(7).build()); // scheduled before the run start
        rs.add(RecordBuilder.at(t + 10 * MS)
                .id(1)
                .sample(8)
                .firstToken(t + 60 * MS)
                .lastToken(t + 400 * MS)
                .done(t + 410 * MS)
                .chunks(3, 200 * MS)
                .chunkTimes(t + 60 * MS, t + 200 * MS, t + 400 * MS)
                .tokens(120, 33, TokenCountSource.SERVER_USAGE)
                .build());
        rs.add(RecordBuilder.at(t + 20 * MS)
                .id(2)
                .endpoint(1, "http://127.0.0.1:8001")
                .prompts(4)
                .role(t + 50 * MS)
                .firstToken(t + 70 * MS)
                .lastToken(t + 900 * MS)
                .done(t + 905 * MS)
                .tokens(400, 404, TokenCountSource.CHUNK_ESTIMATE)
                .chunkTimes()
                .build());
        rs.add(RecordBuilder.at(t + 30 * MS).id(3).stream(false)
                .firstToken(t + 500 * MS)
                .lastToken(t + 500 * MS)
                .done(t + 500 * MS)
                .chunks(1, 0)
                .tokens(-1, 1, TokenCountSource.SERVER_USAGE)
                .build());
        rs.add(failed(
                        t + 40 * MS,
                        4,
                        new Outcome.HttpError(500, "boom, \"quoted\"\nsecond line ✓", "ServerError", false))
                .status(500)
                .build());
        rs.add(failed(t + 50 * MS, 5, new Outcome.HttpError(400, "maximum model length", null, true))
                .status(200)
                .build());
        rs.add(RecordBuilder.at(t + 60 * MS)
                .id(6)
                .failedBeforeSend(new Outcome.Timeout(TimeoutPhase.CONNECT, 3000), t + 3060 * MS)
                .build());
        rs.add(RecordBuilder.at(t + 70 * MS)
                .id(7)
                .failedBeforeSend(new Outcome.TransportError("Connection refused", true), t + 71 * MS)
                .build());
        rs.add(failed(t + 80 * MS, 8, new Outcome.ProtocolError("stream closed without [DONE]"))
                .build());
        rs.add(RecordBuilder.at(t + 90 * MS)
                .id(9)
                .failedBeforeSend(new Outcome.InvalidRequest(" leading space"), t + 90 * MS)
                .connected(ABSENT)
                .build());
        rs.add(RecordBuilder.at(t + 95 * MS)
                .id(10)
                .failedBeforeSend(new Outcome.Cancelled(""), t + 96 * MS)
                .build());
        return rs;
    }

    private static RecordBuilder failed(long at, long id, Outcome o) {
        return RecordBuilder.at(at)
                .id(id)
                .firstToken(ABSENT)
                .lastToken(ABSENT)
                .done(at + 30 * MS)
                .chunks(0, 0)
                .tokens(-1, -1, TokenCountSource.NONE)
                .outcome(o);
    }

    static RecordSnapshot snapshot() {
        Histogram chunk = new Histogram(3);
        Histogram token = new Histogram(3);
        for (long g : new long[] {140 * MS, 200 * MS, 3 * MS, 4 * MS, 5 * MS}) {
            chunk.recordValue(g);
            token.recordValueWithCount(g / 2, 2);
        }
        return new RecordSnapshot(WALL, ANCHOR, records(), chunk, token);
    }

    static MetricSummary metrics(RecordSnapshot s) {
        MeasureOptions options = MeasureOptions.window(ANCHOR - 10 * MS, ANCHOR + 92 * MS)
                .withSlos(SloSpec.NONE.with(LatencyMetric.TTFT, 100 * MS).with(LatencyMetric.TPOT, 2 * MS));
        List<EndpointStats> endpoints = List.of(
                new EndpointStats("http://127.0.0.1:8000", 10, 7, 0, 6, 6, 1, 3),
                new EndpointStats("http://127.0.0.1:8001", 1, 0, 0, 1, 1, 0, 0));
        return MetricSummary.compute(s, options, endpoints);
    }

    static RunSummary summary(RecordSnapshot s) {
        RunInfo run = new RunInfo(
                "20250601-120000-server",
                "0.1.0-test",
                List.of("harness", "run", "--scenario", "Server", "--model", "llama3.1-8b"),
                WALL.minusSeconds(2),
                WALL.plusSeconds(5));
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("scenario", "Server");
        config.put("server_target_qps", 12.5);
        config.put("max_tokens", 128);
        config.put("api_server_url", List.of("http://127.0.0.1:8000", "http://127.0.0.1:8001"));
        config.put("nothing", null);
        config.put("not_a_number", Double.NaN);
        LinkedHashMap<String, Object> results = new LinkedHashMap<>();
        results.put("Completed samples per second", 11.87);
        results.put("Result is", "VALID");
        MlperfSection mlperf = new MlperfSection("Server", "PerformanceOnly", "VALID", results);
        return RunSummary.of(
                run,
                config,
                Map.of("rows", 24576, "input_tokens_mean", 870.25, "path", "open_orca.pkl"),
                mlperf.toMap(),
                metrics(s));
    }
}
