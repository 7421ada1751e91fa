package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.dataset.column.ColumnType;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV cell typing, quoting, byte-order marks, index columns and compression. */
class CsvReaderTest {
    @TempDir
    Path dir;

    @Test
    void typesCellsPerColumn() throws Exception {
        Path f = dir.resolve("t.csv");
        Files.writeString(
                f,
                "\uFEFF,prompt,ids,ok,x,ratio\n"
                        + "0,\"multi\nline, quoted\",\"1,2,3\",True,7,0.5\n"
                        + "1,plain,4 5,false,,2\n");

        Dataset d = DatasetLoader.load(f, DatasetOptions.defaults().withInputIdsColumn("ids"));

        assertThat(d.columnNames()).containsExactly("Unnamed: 0", "prompt", "ids", "ok", "x", "ratio");
        assertThat(d.input(0)).isEqualTo("multi\nline, quoted");
        assertThat(d.inputIds(0)).containsExactly(1, 2, 3);
        assertThat(d.inputIds(1)).containsExactly(4, 5);
        assertThat(d.column("ok").type()).isEqualTo(ColumnType.BOOLEAN);
        assertThat(d.value("x", 1)).isNull();
        assertThat(d.value("x", 0)).isEqualTo(7L);
        assertThat(d.column("ratio").type()).isEqualTo(ColumnType.DOUBLE);
    }

    @Test
    void gzipCompressedCsvWithAnUnusualName() throws Exception {
        Path f = dir.resolve("export.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(Files.readString(Fixtures.path("small.csv")).getBytes(StandardCharsets.UTF_8));
        }

        assertThat(Dataset.load(f).table()).isEqualTo(Fixtures.smallTable());
    }
}
