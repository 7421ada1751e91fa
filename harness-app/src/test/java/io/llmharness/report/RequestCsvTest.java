package io.llmharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.metrics.RecordBuilder;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestCsvTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '\'',
            value = {
                "plain|plain",
                "a,b|\"a,b\"",
                "say \"hi\"|\"say \"\"hi\"\"\"",
                "'two\nlines'|'\"two\nlines\"'",
                "'cr\rhere'|'\"cr\rhere\"'",
                "' padded'|'\" padded\"'",
                "'padded '|'\"padded \"'",
                "''|'\"\"'",
                "ünïcødé ✓|ünïcødé ✓"
            })
    void textIsQuotedOnlyWhenNeeded(String text, String expected) {
        StringBuilder out = new StringBuilder();
        RequestCsv.quoted(out, text);
        assertThat(out.toString()).isEqualTo(expected);
    }

    @Test
    void nullIsAnEmptyCellAndEmptyTextIsQuoted() throws Exception {
        RecordSnapshot s = new RecordSnapshot(
                Instant.parse("2025-01-01T00:00:00Z"),
                0,
                List.of(RecordBuilder.at(0)
                        .failedBeforeSend(new Outcome.Cancelled(""), 500)
                        .build()),
                null,
                null);
        StringWriter w = new StringWriter();
        RequestCsv.write(s, w);
        String[] lines = w.toString().split("\n", -1);
        assertThat(lines).hasSize(3);
        assertThat(lines[2]).isEmpty();
        assertThat(lines[0])
                .startsWith("request_id,endpoint,endpoint_url,")
                .endsWith(",timeout_ms,chunk_times_ns,client_wait");
        // cancelled with an empty reason: error "cancelled: " (trailing space, quoted), error_detail "" (quoted)
        assertThat(lines[1]).contains(",CANCELLED,\"cancelled: \",\"\",,,,,,,");
        assertThat(lines[1]).startsWith("0,0,http://127.0.0.1:8000,-1,1,true,2025-01-01T00:00:00Z,0,10,20,,,,,,,500,");
        assertThat(lines[1].split(",", -1)).hasSize(RequestTable.COLUMNS.size());
    }

    @Test
    void derivedColumnsAreExactMilliseconds() throws Exception {
        RecordSnapshot s = new RecordSnapshot(
                Instant.EPOCH,
                -1_000,
                List.of(RecordBuilder.at(0)
                        .firstToken(1_000_447)
                        .lastToken(1_900_000)
                        .done(2_000_000)
                        .chunkTimes(1_000_447, 1_900_000)
                        .build()),
                null,
                null);
        StringWriter w = new StringWriter();
        RequestCsv.write(s, w);
        String header = w.toString().split("\n")[0];
        String[] row = w.toString().split("\n")[1].split(",", -1);
        List<String> cols = List.of(header.split(","));
        assertThat(row[cols.indexOf("scheduled_at")]).isEqualTo("1970-01-01T00:00:00.000001Z");
        assertThat(row[cols.indexOf("scheduled_ns")]).isEqualTo("1000");
        assertThat(row[cols.indexOf("ttft_ms")]).isEqualTo("1.000447");
        assertThat(row[cols.indexOf("e2e_latency_ms")]).isEqualTo("2");
        assertThat(row[cols.indexOf("tpot_ms")]).isEqualTo("0.099955"); // 999553 / 10, truncated
        assertThat(row[cols.indexOf("chunk_times_ns")]).isEqualTo("1001447 1901000");
    }

    @Test
    void millisecondTextMatchesTheExactDecimal() {
        for (long ns : new long[] {0, 1, 999_999, 1_000_000, 1_000_447, 12_345_678_901L, -1_500_000, -7}) {
            assertThat(Units.msText(ns)).isEqualTo(Units.ms(ns).toPlainString());
        }
        assertThat(Units.msText(-7)).isEqualTo("-0.000007");
        assertThat(Units.nsFromMs(Units.ms(12_345_678_901L))).isEqualTo(12_345_678_901L);
        assertThat(Units.seconds(3_070_000_000L).toPlainString()).isEqualTo("3.07");
    }
}
