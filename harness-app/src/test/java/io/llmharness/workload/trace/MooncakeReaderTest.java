package io.llmharness.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MooncakeReaderTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private Trace read(Path f) {
        return TraceReaders.read(f, TraceFormat.MOONCAKE, TraceReadOptions.defaults());
    }

    @Test
    void readsRowsWithOffsetsFromTheFirstRow() throws IOException {
        Path f = write("t.jsonl", """
                {"timestamp": 1000, "input_length": 700, "output_length": 20, "hash_ids": [0, 1]}

                {"timestamp": 1250.5, "input_length": 512, "output_length": 5, "hash_ids": [0]}
                """);
        Trace t = read(f);
        assertThat(t.format()).isEqualTo(TraceFormat.MOONCAKE);
        assertThat(t.blockSize()).isEqualTo(512);
        assertThat(t.skipped()).isZero();
        assertThat(t.requests()).hasSize(2);
        TraceRequest a = t.requests().get(0);
        assertThat(a.line()).isEqualTo(1);
        assertThat(a.offsetNs()).isZero();
        assertThat(a.inputLength()).isEqualTo(700);
        assertThat(a.outputLength()).isEqualTo(20);
        assertThat(a.hashIds()).containsExactly(0, 1);
        assertThat(a.sessionId()).isNull();
        assertThat(a.delayNs()).isEqualTo(-1);
        TraceRequest b = t.requests().get(1);
        assertThat(b.line()).isEqualTo(3);
        assertThat(b.offsetNs()).isEqualTo(250_500_000L);
    }

    @Test
    void keepsSessionTurnsInOrderWithTheirDelaysAndText() throws IOException {
        Path f = write("s.jsonl", """
                {"session_id": "a", "timestamp": 0, "input_length": 10, "output_length": 3, "text_input": "hi"}
                {"timestamp": 5, "input_length": 10, "output_length": 3}
                {"session_id": "a", "delay": 2000, "output_length": 4, "messages": [{"role": "user", "content": "x"}]}
                {"session_id": 7, "timestamp": 1, "input_length": 1, "output_length": 1}
                """);
        Trace t = read(f);
        assertThat(t.requests()).extracting(TraceRequest::line).containsExactly(1L, 3L, 4L, 2L);
        TraceRequest turn2 = t.requests().get(1);
        assertThat(turn2.sessionId()).isEqualTo("a");
        assertThat(turn2.offsetNs()).isEqualTo(-1);
        assertThat(turn2.delayNs()).isEqualTo(2_000_000_000L);
        assertThat(turn2.inputLength()).isEqualTo(-1);
        assertThat(turn2.text()).isEqualTo("[{\"role\":\"user\",\"content\":\"x\"}]");
        assertThat(t.requests().get(0).text()).isEqualTo("hi");
        assertThat(t.requests().get(2).sessionId()).isEqualTo("7");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            missing timestamp     | {"input_length": 1, "output_length": 1}                       | missing field 'timestamp'
            missing output        | {"timestamp": 9, "input_length": 1}                           | missing field 'output_length'
            negative length       | {"timestamp": 9, "input_length": -4, "output_length": 1}      | 'input_length' is negative
            non-numeric length    | {"timestamp": 9, "input_length": "ten", "output_length": 1}   | 'input_length' is "ten", not a whole number
            non-numeric timestamp | {"timestamp": "9", "input_length": 1, "output_length": 1}     | 'timestamp' is "9", not a number
            backwards             | {"timestamp": 1, "input_length": 1, "output_length": 1}       | timestamp goes backwards (before the row on line 1)
            not json              | {"timestamp": 9,                                              | not a JSON object
            too many hash ids     | {"timestamp": 9, "input_length": 10, "output_length": 1, "hash_ids": [1, 2]} | set --trace-block-size
            bad hash id           | {"timestamp": 9, "input_length": 10, "output_length": 1, "hash_ids": ["a"]} | not an integer block id
            session without start | {"session_id": "s", "delay": 5, "input_length": 1, "output_length": 1} | the first turn of session 's' has no 'timestamp'
            """)
    void aBadRowIsOneLineNamingTheFileAndLine(String what, String row, String problem) throws IOException {
        Path f = write("bad.jsonl", "{\"timestamp\": 5, \"input_length\": 1, \"output_length\": 1}\n" + row + "\n");
        assertThatThrownBy(() -> read(f)).isInstanceOfSatisfying(HarnessException.class, e -> {
            assertThat(e.kind()).isEqualTo(HarnessException.Kind.CONFIG);
            assertThat(e.getMessage()).startsWith("Trace " + f + " line 2: ").contains(problem);
            assertThat(e.getMessage()).doesNotContain("\n");
        });
    }

    @Test
    void anEmptyFileSaysSo() throws IOException {
        Path f = write("empty.jsonl", "\n\n");
        assertThatThrownBy(() -> read(f))
                .isInstanceOf(HarnessException.class)
                .hasMessage(
                        "Trace " + f + ": no rows to read as mooncake; give a trace file with at least one request");
    }

    @Test
    void aMissingFileIsAConfigError() {
        Path f = dir.resolve("nope.jsonl");
        assertThatThrownBy(() -> read(f))
                .isInstanceOfSatisfying(
                        HarnessException.class, e -> assertThat(e.exitCode()).isEqualTo(3))
                .hasMessageContaining("Trace file not found: " + f);
    }

    @Test
    void theBlockSizeDecidesHowManyHashIdsFit() throws IOException {
        Path f = write(
                "b.jsonl", "{\"timestamp\": 0, \"input_length\": 20, \"output_length\": 1, \"hash_ids\": [1, 2]}\n");
        Trace t = TraceReaders.read(
                f, TraceFormat.MOONCAKE, TraceReadOptions.defaults().withBlockSize(10));
        assertThat(t.blockSize()).isEqualTo(10);
        assertThat(t.requests()).extracting(r -> List.of(r.hashIds().length)).containsExactly(List.of(2));
    }
}
