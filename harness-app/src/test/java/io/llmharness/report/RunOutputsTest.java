package io.llmharness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.error.HarnessException;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.MetricSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunOutputsTest {

    @TempDir
    Path dir;

    @Test
    void regeneratedSummaryEqualsTheOriginal() throws Exception {
        RecordSnapshot snap = RunFixtures.snapshot();
        RunSummary original = RunFixtures.summary(snap);
        RunOutputs.write(dir, original, snap);
        String written = Files.readString(dir.resolve(RunOutputs.SUMMARY_JSON));

        RunSummary regenerated = RunOutputs.regenerateSummary(dir);

        assertThat(regenerated.metrics()).isEqualTo(original.metrics());
        assertThat(regenerated.run()).isEqualTo(original.run());
        assertThat(Files.readString(dir.resolve(RunOutputs.SUMMARY_JSON))).isEqualTo(written);
    }

    @Test
    void summaryCanBeRegeneratedFromTheCsvAlone() throws Exception {
        RecordSnapshot snap = RunFixtures.snapshot();
        RunSummary original = RunFixtures.summary(snap);
        RunOutputs.write(dir, original, snap);
        String written = Files.readString(dir.resolve(RunOutputs.SUMMARY_JSON));
        Files.delete(dir.resolve(RunOutputs.REQUESTS_PARQUET));

        assertThat(RunOutputs.regenerateSummary(dir).metrics()).isEqualTo(original.metrics());
        assertThat(Files.readString(dir.resolve(RunOutputs.SUMMARY_JSON))).isEqualTo(written);
    }

    @Test
    void withoutTheHistogramFileTheItlMetricsAreEmpty() throws Exception {
        RecordSnapshot snap = RunFixtures.snapshot();
        RunOutputs.write(dir, RunFixtures.summary(snap), snap);
        Files.delete(dir.resolve(RunOutputs.ITL_HISTOGRAMS));
        MetricSummary m = RunOutputs.regenerateSummary(dir).metrics();
        assertThat(m.latency(LatencyMetric.ITL_CHUNK).isEmpty()).isTrue();
        assertThat(m.latency(LatencyMetric.TTFT))
                .isEqualTo(RunFixtures.metrics(snap).latency(LatencyMetric.TTFT));
    }

    @Test
    void parquetColumnsAreTypedForAnalysis() throws Exception {
        RunOutputs.writeRequests(dir, RunFixtures.snapshot());
        Map<String, String> types = new LinkedHashMap<>();
        String file = dir.resolve(RunOutputs.REQUESTS_PARQUET).toString().replace("'", "''");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + file + "')")) {
                while (rs.next()) {
                    types.put(rs.getString("column_name"), rs.getString("column_type"));
                }
            }
            assertThat(types.keySet())
                    .containsExactlyElementsOf(RequestTable.COLUMNS.stream()
                            .map(RequestTable.Column::name)
                            .toList());
            assertThat(types)
                    .containsEntry("request_id", "BIGINT")
                    .containsEntry("stream", "BOOLEAN")
                    .containsEntry("scheduled_ns", "BIGINT")
                    .containsEntry("ttft_ms", "DOUBLE")
                    .containsEntry("http_status", "INTEGER")
                    .containsEntry("error", "VARCHAR")
                    .containsEntry("chunk_times_ns", "BIGINT[]");
            try (ResultSet rs = st.executeQuery("SELECT ttft_ms, tpot_ms, e2e_latency_ms, chunk_times_ns, error"
                    + " FROM read_parquet('" + file + "') WHERE request_id IN (1, 4) ORDER BY request_id")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble(1)).isEqualTo(50.0);
                assertThat(rs.getDouble(2)).isEqualTo(10.9375); // (410 − 60) ms / 32
                assertThat(rs.getDouble(3)).isEqualTo(400.0);
                assertThat((Object[]) rs.getArray(4).getArray())
                        .containsExactly(60_000_000L, 200_000_000L, 400_000_000L);
                assertThat(rs.getString(5)).isNull();
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(1)).isNull();
                assertThat(rs.getString(5)).isEqualTo("HTTP 500: boom, \"quoted\"\nsecond line ✓");
            }
        }
    }

    @Test
    void missingOrForeignFilesAreConfigErrors() throws Exception {
        assertThatThrownBy(() -> RunOutputs.readRecords(dir))
                .isInstanceOfSatisfying(
                        HarnessException.class, e -> assertThat(e.kind()).isEqualTo(HarnessException.Kind.CONFIG))
                .hasMessageContaining("requests.parquet");
        assertThatThrownBy(() -> RunOutputs.regenerateSummary(dir))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("summary.json");
        Files.writeString(dir.resolve(RunOutputs.REQUESTS_CSV), "a,b\n1,2\n");
        assertThatThrownBy(() -> RunOutputs.readRecords(dir))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("expected header");
    }

    @Test
    void recordsSurviveTheParquetRoundTrip() {
        RecordSnapshot snap = RunFixtures.snapshot();
        RunOutputs.writeRequests(dir, snap);
        assertRoundTrip(snap, RunOutputs.readRecords(dir));
    }

    @Test
    void recordsSurviveTheCsvRoundTrip() throws Exception {
        RecordSnapshot snap = RunFixtures.snapshot();
        RunOutputs.writeRequests(dir, snap);
        Files.delete(dir.resolve(RunOutputs.REQUESTS_PARQUET));
        assertRoundTrip(snap, RunOutputs.readRecords(dir));
    }

    static void assertRoundTrip(RecordSnapshot original, RecordSnapshot read) {
        assertThat(read.wallClockAnchor()).isEqualTo(original.wallClockAnchor());
        assertThat(read.nanoAnchor()).isZero();
        List<RequestRecord> expected = original.requests().stream()
                .map(r -> shifted(r, original.nanoAnchor()))
                .toList();
        assertThat(read.requests())
                .usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(expected);
        assertThat(read.chunkGaps()).isEqualTo(original.chunkGaps());
        assertThat(read.tokenGaps()).isEqualTo(original.tokenGaps());
        MeasureOptions all = MeasureOptions.all();
        assertThat(MetricSummary.compute(read, all, List.of()))
                .isEqualTo(MetricSummary.compute(original, all, List.of()));
    }

    /** The record with every time relative to {@code anchor}, as the files hold it. */
    static RequestRecord shifted(RequestRecord r, long anchor) {
        return new RequestRecord(
                r.requestId(),
                r.endpoint(),
                r.endpointUrl(),
                r.sampleIndex(),
                r.promptCount(),
                r.stream(),
                rel(r.scheduledNs(), anchor),
                rel(r.issuedNs(), anchor),
                rel(r.dispatchedNs(), anchor),
                rel(r.connectedNs(), anchor),
                rel(r.sentNs(), anchor),
                rel(r.headersNs(), anchor),
                rel(r.roleNs(), anchor),
                rel(r.firstTokenNs(), anchor),
                rel(r.lastTokenNs(), anchor),
                rel(r.doneNs(), anchor),
                r.chunks(),
                r.maxGapNs(),
                r.inputTokens(),
                r.outputTokens(),
                r.outputTokenSource(),
                r.httpStatus(),
                r.retries(),
                r.outcome(),
                r.chunkTimesNs() == null
                        ? null
                        : java.util.Arrays.stream(r.chunkTimesNs())
                                .map(t -> t - anchor)
                                .toArray());
    }

    private static long rel(long t, long anchor) {
        return t == RequestRecord.ABSENT ? t : t - anchor;
    }
}
