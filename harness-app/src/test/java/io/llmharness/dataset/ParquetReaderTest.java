package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.dataset.column.ColumnType;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parquet column types as DuckDB writes them, including the Hugging Face image struct. */
class ParquetReaderTest {

    @Test
    void mapsEveryParquetTypeToAColumn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("qwen_like.parquet");
        Fixtures.duckdb("COPY (SELECT * FROM (VALUES"
                + " (1, 'title one', {'bytes': '\\x89PNG'::BLOB, 'path': 'a.png'}, ['A > B', 'A > C'], true,"
                + "  '\\x01\\x02'::BLOB, DATE '2024-05-01', [1, 2, 3]::INTEGER[], {'k': 1}),"
                + " (2, NULL, NULL, [], false, NULL, NULL, NULL, NULL))"
                + " v(id, product_title, product_image, potential_product_categories, ground_truth_is_secondhand,"
                + "   raw, day, input_ids, extra)) TO '" + file + "' (FORMAT PARQUET)");

        Dataset d = Dataset.load(file);

        assertThat(d.columnNames())
                .containsExactly(
                        "id",
                        "product_title",
                        "product_image",
                        "potential_product_categories",
                        "ground_truth_is_secondhand",
                        "raw",
                        "day",
                        "input_ids",
                        "extra");
        assertThat(d.value("id", 1)).isEqualTo(2L);
        assertThat(d.value("product_title", 1)).isNull();
        assertThat(d.column("product_image").type()).isEqualTo(ColumnType.BYTES);
        assertThat((byte[]) d.value("product_image", 0)).containsExactly(0x89, 'P', 'N', 'G');
        assertThat(d.column("potential_product_categories").text(0)).isEqualTo("[\"A > B\",\"A > C\"]");
        assertThat(d.value("ground_truth_is_secondhand", 0)).isEqualTo(true);
        assertThat((byte[]) d.value("raw", 0)).containsExactly(1, 2);
        assertThat(d.value("day", 0)).isEqualTo("2024-05-01");
        assertThat(d.columnFor(StandardColumn.INPUT_IDS)).contains("input_ids");
        assertThat(d.inputIds(0)).containsExactly(1, 2, 3);
        assertThat(d.inputIdsColumn().isNull(1)).isTrue();
        assertThat(d.inputLen(1)).isZero();
        assertThat(d.column("extra").text(0)).isEqualTo("{\"k\":1}");
    }

    @Test
    void tokenIdsBeyond32BitsAreRejectedWithRowAndValue(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("big.parquet");
        Fixtures.duckdb("COPY (SELECT * FROM (VALUES (1, [1, 2]::BIGINT[]), (2, [3, 5000000000, 4]::BIGINT[])) v(k,"
                + " input_tokens) ORDER BY k) TO '" + file + "' (FORMAT PARQUET)");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Dataset.load(file))
                .isInstanceOf(io.llmharness.error.HarnessException.class)
                .hasMessage("Dataset " + file + " row 1, column 'input_tokens': token id 5000000000 (element 1) is"
                        + " not a 32-bit integer; token-id columns must hold lists of integers");
    }

    @Test
    void doubleListAsTokenIdsIsRejected(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("floats.parquet");
        Fixtures.duckdb("COPY (SELECT [1.5, 2.0]::DOUBLE[] AS tok_input) TO '" + file + "' (FORMAT PARQUET)");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Dataset.load(file))
                .hasMessage("Dataset " + file + " row 0, column 'tok_input': token id 1.5 (element 0) is not a"
                        + " 32-bit integer; token-id columns must hold lists of integers");
    }

    @Test
    void nestedDecimalsInAnUnusedColumnDoNotSpoilTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("prices.parquet");
        Fixtures.duckdb("COPY (SELECT 'hello' AS input, [1.25, 2.50]::DECIMAL(10,2)[] AS prices,"
                + " {'p': 3.75::DECIMAL(18,3), 'q': [0.5::DECIMAL(4,1)]} AS nested)"
                + " TO '" + file + "' (FORMAT PARQUET)");

        Dataset d = Dataset.load(file);

        assertThat(d.value("input", 0)).isEqualTo("hello");
        assertThat(d.column("prices").text(0)).isEqualTo("[1.25,2.5]");
        assertThat(d.column("nested").text(0)).isEqualTo("{\"p\":3.75,\"q\":[0.5]}");
    }
}
