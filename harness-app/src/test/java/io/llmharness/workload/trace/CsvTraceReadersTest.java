package io.llmharness.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Azure, BurstGPT and our own requests.csv read as traces, and format detection. */
class CsvTraceReadersTest {

    static final String AZURE = """
            TIMESTAMP,ContextTokens,GeneratedTokens
            2023-11-16 18:15:46.6805900,374,44
            2023-11-16 18:15:50.9951690,396,109
            2023-11-16 18:15:51.0000000,879,0
            """;

    static final String BURSTGPT = """
            Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
            5,ChatGPT,472,18,490,Conversation log
            45,ChatGPT,1087,0,1087,Conversation log
            118,GPT-4,417,276,693,API log
            120.5,ChatGPT,1360,1,1361,API log
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void azureKeepsTheFullFractionOfItsTimestamps() throws IOException {
        Trace t = TraceReaders.read(write("a.csv", AZURE), TraceFormat.AZURE, TraceReadOptions.defaults());
        assertThat(t.requests()).extracting(TraceRequest::offsetNs).containsExactly(0L, 4_314_579_000L, 4_319_410_000L);
        assertThat(t.requests()).extracting(TraceRequest::inputLength).containsExactly(374, 396, 879);
        assertThat(t.requests()).extracting(TraceRequest::outputLength).containsExactly(44, 109, 0);
        assertThat(t.requests()).extracting(TraceRequest::line).containsExactly(2L, 3L, 4L);
        assertThat(t.requests().get(0).hashIds()).isEmpty();
    }

    @Test
    void azureAcceptsAnOffsetAndTheIsoSeparator() throws IOException {
        Path f = write(
                "a.csv",
                "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10T00:00:00+01:00,1,1\n"
                        + "2024-05-09 23:00:00.5Z,2,2\n");
        Trace t = TraceReaders.read(f, TraceFormat.AZURE, TraceReadOptions.defaults());
        assertThat(t.requests()).extracting(TraceRequest::offsetNs).containsExactly(0L, 500_000_000L);
    }

    @Test
    void burstGptSkipsFailedRowsAndFilters() throws IOException {
        Path f = write("b.csv", BURSTGPT);
        Trace all = TraceReaders.read(f, TraceFormat.BURSTGPT, TraceReadOptions.defaults());
        assertThat(all.requests()).extracting(TraceRequest::line).containsExactly(2L, 4L, 5L);
        assertThat(all.requests())
                .extracting(TraceRequest::offsetNs)
                .containsExactly(0L, 113_000_000_000L, 115_500_000_000L);
        assertThat(all.skipped()).isEqualTo(1);

        Trace chat = TraceReaders.read(f, TraceFormat.BURSTGPT, new TraceReadOptions(512, Set.of("chatgpt"), Set.of()));
        assertThat(chat.requests()).extracting(TraceRequest::line).containsExactly(2L, 5L);
        assertThat(chat.skipped()).isEqualTo(2);
        assertThat(chat.requests().get(1).offsetNs()).isEqualTo(115_500_000_000L);

        Trace api = TraceReaders.read(f, TraceFormat.BURSTGPT, new TraceReadOptions(512, Set.of(), Set.of("API log")));
        assertThat(api.requests()).extracting(TraceRequest::inputLength).containsExactly(417, 1360);
        assertThat(api.requests().get(0).offsetNs()).isZero();

        assertThatThrownBy(() -> TraceReaders.read(
                        f, TraceFormat.BURSTGPT, new TraceReadOptions(512, Set.of("llama"), Set.of())))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("Trace " + f + ": all 4 rows were skipped");
    }

    @Test
    void recordsReplayTheScheduleAndRepeatHashIdsPerSample() throws IOException {
        Path f = write("requests.csv", """
                request_id,sample_index,scheduled_ns,input_tokens,output_tokens,error
                0,3,-5000,1100,10,
                2,3,995000,1100,12,"timeout, after 2 s"
                1,4,500000,600,,"connection refused"
                3,9,400000,100,7,
                """);
        Trace t = TraceReaders.read(f, TraceFormat.RECORDS, TraceReadOptions.defaults());
        assertThat(t.skipped()).isEqualTo(1);
        assertThat(t.requests()).extracting(TraceRequest::line).containsExactly(2L, 5L, 3L);
        assertThat(t.requests()).extracting(TraceRequest::offsetNs).containsExactly(0L, 405_000L, 1_000_000L);
        assertThat(t.requests().get(0).hashIds()).containsExactly(0, 1, 2);
        assertThat(t.requests().get(2).hashIds()).containsExactly(0, 1, 2);
        assertThat(t.requests().get(1).hashIds()).containsExactly(3);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            azure negative     | azure    | 2023-11-16 18:15:47,-3,4                  | 'ContextTokens' is negative (-3)
            azure bad number   | azure    | 2023-11-16 18:15:47,abc,4                 | 'ContextTokens' is 'abc', not a number
            azure bad time     | azure    | 16/11/2023 18:15,3,4                      | TIMESTAMP '16/11/2023 18:15' is not a date and time
            azure backwards    | azure    | 2023-11-16 18:15:45,3,4                   | TIMESTAMP goes backwards (before the row on line 2)
            azure missing      | azure    | 2023-11-16 18:15:47,,4                    | 'ContextTokens' is empty
            azure field count  | azure    | 2023-11-16 18:15:47,3                     | 2 fields but the header has 3 columns
            burst negative     | burstgpt | 9,ChatGPT,-1,5,4,API log                  | 'Request tokens' is negative
            burst backwards    | burstgpt | 1,ChatGPT,1,5,6,API log                   | Timestamp goes backwards (before the row on line 2)
            burst non-numeric  | burstgpt | soon,ChatGPT,1,5,6,API log                | 'Timestamp' is 'soon', not a number
            burst fraction     | burstgpt | 9,ChatGPT,1.5,5,6,API log                 | 'Request tokens' is 1.5, not a whole number
            records missing    | records  | 1,                                        | 'scheduled_ns' is empty
            """)
    void aBadRowIsOneLineNamingTheFileAndLine(String what, String format, String row, String problem)
            throws IOException {
        String header = switch (format) {
            case "azure" -> "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46,1,1\n";
            case "burstgpt" ->
                "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n" + "5,ChatGPT,1,1,2,API log\n";
            default -> "input_tokens,scheduled_ns,output_tokens\n1,0,1\n";
        };
        String rowText = format.equals("records") ? "1,,3" : row;
        Path f = write("bad.csv", header + rowText + "\n");
        TraceFormat fmt = TraceFormat.byName(format).orElseThrow();
        assertThatThrownBy(() -> TraceReaders.read(f, fmt, TraceReadOptions.defaults()))
                .isInstanceOfSatisfying(HarnessException.class, e -> {
                    assertThat(e.kind()).isEqualTo(HarnessException.Kind.CONFIG);
                    assertThat(e.getMessage())
                            .startsWith("Trace " + f + " line 3: ")
                            .contains(problem);
                    assertThat(e.getMessage()).doesNotContain("\n");
                });
    }

    @Test
    void aHeaderWithoutTheFormatsColumnsNamesThem() throws IOException {
        Path f = write("h.csv", "time,prompt,answer\n1,2,3\n");
        assertThatThrownBy(() -> TraceReaders.read(f, TraceFormat.AZURE, TraceReadOptions.defaults()))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("Trace " + f + " line 1: no column 'TIMESTAMP' in the header [time, prompt,"
                        + " answer] for --trace-format azure");
        assertThatThrownBy(() -> TraceReaders.detect(f))
                .isInstanceOf(HarnessException.class)
                .hasMessage("Cannot tell the format of trace " + f
                        + " from its name or first line (time,prompt,answer); give --trace-format"
                        + " mooncake|azure|burstgpt|records");
    }

    @Test
    void anUnclosedQuoteNamesItsLine() throws IOException {
        Path f = write("q.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46,1,1\n\"2023,1,1\n");
        assertThatThrownBy(() -> TraceReaders.read(f, TraceFormat.AZURE, TraceReadOptions.defaults()))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("Trace " + f + " line ")
                .hasMessageContaining("malformed CSV");
    }

    @Test
    void aCsvWithOnlyAHeaderIsEmpty() throws IOException {
        Path f = write("e.csv", AZURE.lines().findFirst().orElseThrow() + "\n");
        assertThatThrownBy(() -> TraceReaders.read(f, TraceFormat.AZURE, TraceReadOptions.defaults()))
                .isInstanceOf(HarnessException.class)
                .hasMessage("Trace " + f + ": no rows to read as azure; give a trace file with at least one request");
    }

    @Test
    void detectsTheFormatFromTheNameOrHeader() throws IOException {
        assertThat(TraceReaders.detect(write("m.jsonl", "{}"))).isEqualTo(TraceFormat.MOONCAKE);
        assertThat(TraceReaders.detect(write("m.txt", "{\"timestamp\": 0}"))).isEqualTo(TraceFormat.MOONCAKE);
        assertThat(TraceReaders.detect(write("a.csv", AZURE))).isEqualTo(TraceFormat.AZURE);
        assertThat(TraceReaders.detect(write("b.csv", BURSTGPT))).isEqualTo(TraceFormat.BURSTGPT);
        assertThat(TraceReaders.detect(write("r.csv", "request_id,scheduled_ns,input_tokens\n")))
                .isEqualTo(TraceFormat.RECORDS);
    }
}
