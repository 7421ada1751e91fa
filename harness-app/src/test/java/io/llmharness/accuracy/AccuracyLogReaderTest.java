package io.llmharness.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccuracyLogReaderTest {

    @TempDir
    Path dir;

    @Test
    void readsLoadGensLayout() throws IOException {
        Path log = dir.resolve("mlperf_log_accuracy.json");
        Files.writeString(
                log,
                "[\n{ \"seq_id\" : 0, \"qsl_idx\" : 7, \"data\" : \"0100000002000000\","
                        + " \"token_data\" : \"01000000\", \"token_count\" : 2 },\n"
                        + "{ \"seq_id\" : 1, \"qsl_idx\" : 3, \"data\" : \"ff000000\" }\n]\n");
        List<LogEntry> entries = AccuracyLogReader.read(log);
        assertThat(entries).hasSize(2);
        LogEntry e = entries.get(0);
        assertThat(e.qslIdx()).isEqualTo(7);
        assertThat(e.tokenCount()).isEqualTo(2L);
        assertThat(Dtype.INT32.ids(e.data())).containsExactly(1, 2);
        assertThat(Dtype.INT32.ids(e.tokenData())).containsExactly(1);
        assertThat(Dtype.INT64.decode(e.data())).containsExactly(8589934593L);
        assertThat(Dtype.INT16.ids(e.data())).containsExactly(1, 0, 2, 0);
        assertThat(entries.get(1).tokenData()).isNull();
        assertThat(entries.get(1).tokenCount()).isNull();
        assertThat(Dtype.INT32.ids(entries.get(1).data())).containsExactly(255);
    }

    @Test
    void badInputIsOneLineNamingTheEntry() throws IOException {
        Path log = dir.resolve("bad.json");
        Files.writeString(log, "[{\"seq_id\": 0, \"qsl_idx\": 0, \"data\": \"ABC\"}]");
        assertThatThrownBy(() -> AccuracyLogReader.read(log))
                .isInstanceOf(HarnessException.class)
                .hasMessage(log + " entry 0: 'data' has an odd number of hex digits");
        Files.writeString(log, "[{\"seq_id\": 0, \"data\": \"AB\"}]");
        assertThatThrownBy(() -> AccuracyLogReader.read(log)).hasMessageContaining("no integer 'qsl_idx'");
        Files.writeString(log, "[{\"seq_id\": 0, \"qsl_idx\": 0, \"data\": \"AB\"}");
        assertThatThrownBy(() -> AccuracyLogReader.read(log)).hasMessageContaining("is the file complete?");
        assertThatThrownBy(() -> AccuracyLogReader.read(dir.resolve("none.json")))
                .hasMessageContaining("no such file");
        assertThatThrownBy(() -> Dtype.INT32.ids(new byte[3])).hasMessageContaining("3 bytes");
        assertThatThrownBy(() -> Dtype.parse("float32", "--dtype")).hasMessageContaining("not token ids");
    }
}
