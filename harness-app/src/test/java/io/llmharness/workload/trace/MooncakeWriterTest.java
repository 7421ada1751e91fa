package io.llmharness.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MooncakeWriterTest {

    @TempDir
    Path dir;

    @Test
    void promptsSharingAPrefixShareItsBlocks() {
        BlockHashes h = new BlockHashes(4);
        int[] a = h.of(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        int[] b = h.of(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 10, 11});
        int[] c = h.of(new int[] {9, 9, 9, 9, 5, 6, 7, 8});
        int[] d = h.of(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        assertThat(a).containsExactly(0, 1, 2);
        assertThat(b).containsExactly(0, 1, 3);
        // the same second block after another first block is another prefix
        assertThat(c).containsExactly(4, 5);
        assertThat(d).containsExactly(a);
        assertThat(h.of(new int[0])).isEmpty();
    }

    @Test
    void writtenRowsReadBackUnchanged() throws IOException {
        List<TraceRequest> rows = List.of(
                new TraceRequest(1, 0, 9, 3, new int[] {0, 1, 2}, null, -1, null),
                new TraceRequest(2, 1_500_001, 10, 0, new int[] {0, 1, 3}, "s1", -1, null),
                new TraceRequest(3, -1, 4, 2, new int[] {4}, "s1", 2_000_000_000L, "a \"quoted\" prompt"),
                new TraceRequest(4, 3_000_000_000L, 8, 5, new int[] {4, 5}, null, -1, null));
        Path f = dir.resolve("out.jsonl");
        MooncakeWriter.write(rows, f);
        assertThat(Files.readAllLines(f).get(0))
                .isEqualTo("{\"timestamp\":0,\"input_length\":9,\"output_length\":3,\"hash_ids\":[0,1,2]}");
        assertThat(Files.readAllLines(f).get(1)).contains("\"timestamp\":1.500001");
        Trace back = TraceReaders.read(
                f, TraceFormat.MOONCAKE, TraceReadOptions.defaults().withBlockSize(4));
        assertThat(back.requests()).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            TraceRequest w = rows.get(i);
            TraceRequest r = back.requests().get(i);
            assertThat(r.line()).isEqualTo(w.line());
            assertThat(r.offsetNs()).isEqualTo(w.offsetNs());
            assertThat(r.inputLength()).isEqualTo(w.inputLength());
            assertThat(r.outputLength()).isEqualTo(w.outputLength());
            assertThat(r.hashIds()).containsExactly(w.hashIds());
            assertThat(r.sessionId()).isEqualTo(w.sessionId());
            assertThat(r.delayNs()).isEqualTo(w.delayNs());
            assertThat(r.text()).isEqualTo(w.text());
        }
    }

    @Test
    void millisecondsAreExact() {
        assertThat(MooncakeWriter.ms(0).toPlainString()).isEqualTo("0");
        assertThat(MooncakeWriter.ms(2_000_000).toPlainString()).isEqualTo("2");
        assertThat(MooncakeWriter.ms(1_234_567_891).toPlainString()).isEqualTo("1234.567891");
    }
}
