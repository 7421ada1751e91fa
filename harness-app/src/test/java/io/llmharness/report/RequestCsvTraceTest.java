package io.llmharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.metrics.RecordBuilder;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceReadOptions;
import io.llmharness.workload.trace.TraceReaders;
import io.llmharness.workload.trace.TraceRequest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The requests.csv this package writes reads back as a trace (record and replay, issue 19). */
class RequestCsvTraceTest {

    @TempDir
    Path dir;

    @Test
    void aRunsRequestsReplayOnTheirScheduledTimes() throws Exception {
        RecordSnapshot s = new RecordSnapshot(
                Instant.parse("2026-01-01T00:00:00Z"),
                0,
                List.of(
                        RecordBuilder.at(-2_000)
                                .sample(3)
                                .tokens(1100, 10, TokenCountSource.SERVER_USAGE)
                                .build(),
                        RecordBuilder.at(5_000)
                                .sample(4)
                                .failedBeforeSend(new Outcome.Cancelled("stopped, by\nthe user"), 6_000)
                                .build(),
                        RecordBuilder.at(1_000_000)
                                .sample(3)
                                .tokens(1100, 12, TokenCountSource.SERVER_USAGE)
                                .build()),
                null,
                null);
        Path csv = dir.resolve(RunOutputs.REQUESTS_CSV);
        RequestCsv.write(s, csv);
        assertThat(TraceReaders.detect(csv)).isEqualTo(TraceFormat.RECORDS);
        Trace t = TraceReaders.read(csv, TraceFormat.RECORDS, TraceReadOptions.defaults());
        assertThat(t.skipped()).isEqualTo(1);
        assertThat(t.requests()).extracting(TraceRequest::offsetNs).containsExactly(0L, 1_002_000L);
        assertThat(t.requests()).extracting(TraceRequest::inputLength).containsExactly(1100, 1100);
        assertThat(t.requests()).extracting(TraceRequest::outputLength).containsExactly(10, 12);
        // the failed request's quoted error cells hold line breaks: the last row starts further down
        List<String> lines = java.nio.file.Files.readAllLines(csv);
        long last = lines.indexOf(lines.stream()
                        .filter(l -> l.startsWith("1000000,"))
                        .findFirst()
                        .orElseThrow())
                + 1;
        assertThat(last).isGreaterThan(4);
        assertThat(t.requests()).extracting(TraceRequest::line).containsExactly(2L, last);
        assertThat(t.requests().get(1).hashIds())
                .containsExactly(t.requests().get(0).hashIds());
        assertThat(t.requests().get(0).hashIds()).hasSize(3);
    }
}
