package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON layouts the seed accepted: arrays, objects of columns, dictionaries of records, single objects. */
class JsonLayoutsTest {
    @TempDir
    Path dir;

    private Dataset load(String json) throws Exception {
        Path f = dir.resolve("d.json");
        Files.writeString(f, json);
        return Dataset.load(f);
    }

    @Test
    void objectOfColumns() throws Exception {
        Dataset d = load("{\"text\": [\"a\", \"b\"], \"input_ids\": [[1, 2], [3]]}");

        assertThat(d.size()).isEqualTo(2);
        assertThat(d.input(1)).isEqualTo("b");
        assertThat(d.inputIds(0)).containsExactly(1, 2);
    }

    @Test
    void recordsKeyedById() throws Exception {
        Dataset d = load("{\"q1\": {\"prompt\": \"a\", \"answer\": 4}, \"q2\": {\"prompt\": \"b\"}}");

        assertThat(d.size()).isEqualTo(2);
        assertThat(d.columnNames()).containsExactly("prompt", "answer");
        assertThat(d.input(0)).isEqualTo("a");
        assertThat(d.target(0)).isEqualTo("4");
        assertThat(d.target(1)).isNull();
    }

    @Test
    void singleRecord() throws Exception {
        Dataset d = load("{\"input\": \"only\", \"tok_input\": [7, 8, 9]}");

        assertThat(d.size()).isEqualTo(1);
        assertThat(d.inputIds(0)).containsExactly(7, 8, 9);
    }

    @Test
    void recordsWithDifferentKeysGetNulls() throws Exception {
        Dataset d = load("[{\"input\": \"a\"}, {\"output\": \"x\", \"input\": \"b\"}, {}]");

        assertThat(d.columnNames()).containsExactly("input", "output");
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.target(0)).isNull();
        assertThat(d.target(1)).isEqualTo("x");
        assertThat(d.input(2)).isNull();
    }

    @Test
    void mixedListsBecomeJsonAndLargeNumbersStayExact() throws Exception {
        Dataset d = load("[{\"v\": [1, \"x\"], \"big\": 9007199254740993}, {\"v\": [2], \"big\": 1}]");

        assertThat(d.column("v").text(0)).isEqualTo("[1,\"x\"]");
        assertThat(d.column("v").text(1)).isEqualTo("[2]");
        assertThat(d.value("big", 0)).isEqualTo(9007199254740993L);
    }
}
