package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.dataset.column.ColumnType;
import io.llmharness.dataset.column.LongColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Pickled DataFrames with nested, binary and mixed object columns, and 2-D numeric blocks. */
class PickleReaderTest {

    @Test
    void objectColumnsKeepMessagesBytesListsAndDicts() {
        Dataset d = Dataset.load(Fixtures.path("nested.pkl"));

        assertThat(d.columnNames())
                .containsExactly(
                        "messages",
                        "product_image",
                        "potential_product_categories",
                        "meta",
                        "tok_input_len",
                        "ground_truth",
                        "secondhand");
        assertThat(d.column("messages").type()).isEqualTo(ColumnType.JSON);
        JsonNode first = d.messages(0);
        assertThat(first.get(1).get("content").asText()).isEqualTo("Hi");
        assertThat(d.messagesJson(1))
                .isEqualTo("[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"What?\"},"
                        + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,AA==\"}}]}]");
        assertThat(d.column("product_image").type()).isEqualTo(ColumnType.BYTES);
        assertThat((byte[]) d.value("product_image", 0)).hasSize(12).startsWith((byte) 0x89, (byte) 'P');
        assertThat(d.value("product_image", 1)).isNull();
        assertThat(d.column("potential_product_categories").text(0)).isEqualTo("[\"A > B\",\"A > C\"]");
        assertThat(d.column("potential_product_categories").text(1)).isEqualTo("[]");
        assertThat(d.column("meta").text(0)).isEqualTo("{\"k\":1,\"nested\":[1.5,null]}");
        assertThat(d.column("meta").isNull(1)).isTrue();
        assertThat(d.column("tok_input_len")).isInstanceOf(LongColumn.class);
        assertThat(d.value("tok_input_len", 0)).isEqualTo(7L);
        assertThat(d.columnFor(StandardColumn.TARGETS)).contains("ground_truth");
        assertThat(d.target(0)).isEqualTo("17");
        assertThat(d.target(1)).isEqualTo("B");
        assertThat(d.value("secondhand", 0)).isEqualTo(true);
        assertThat(d.statistics().inputTokens()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fortran_block.pkl", "fortran_block_p4.pkl"})
    void twoDimensionalBlocksInFortranOrderMapToTheRightColumns(String name) {
        Dataset d = Dataset.load(Fixtures.path(name));

        assertThat(d.columnNames()).containsExactly("a", "b");
        assertThat(d.value("a", 0)).isEqualTo(0L);
        assertThat(d.value("a", 2)).isEqualTo(4L);
        assertThat(d.value("b", 1)).isEqualTo(3L);
    }
}
