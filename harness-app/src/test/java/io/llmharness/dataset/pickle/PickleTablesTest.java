package io.llmharness.dataset.pickle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.dataset.column.Table;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What the pickle reader makes of objects it cannot turn into a table: every refusal is one line saying what the
 * pickle holds and how to convert it. The pickles are written opcode by opcode ({@link PickleBytes}); real pandas
 * files are in {@code DatasetErrorsTest} and {@code FormatEqualityTest}.
 */
class PickleTablesTest {

    private static Table read(PickleBytes p) throws IOException {
        return PickleTables.read(p.stream());
    }

    private static void refused(PickleBytes p, String message) {
        assertThatThrownBy(() -> read(p))
                .isInstanceOf(UnsupportedPickleException.class)
                .hasMessage(message);
    }

    /** A DataFrame: {@code DataFrame()} given a {@code BlockManager(blocks, axes)} built by {@code axesAndBlocks}. */
    private static PickleBytes frame(Consumer<PickleBytes> blocks, Consumer<PickleBytes> axes) {
        PickleBytes p = new PickleBytes()
                .global("pandas.core.frame", "DataFrame")
                .emptyTuple()
                .reduce();
        p.global("pandas.core.internals.managers", "BlockManager").mark();
        p.emptyList().mark();
        blocks.accept(p);
        p.appends();
        p.emptyList().mark();
        axes.accept(p);
        p.appends();
        return p.tuple().reduce().build();
    }

    /** {@code _unpickle_block(values, placement, 2)} with values and placement pushed by the callers. */
    private static Consumer<PickleBytes> block(Consumer<PickleBytes> values, Consumer<PickleBytes> placement) {
        return p -> {
            p.global("pandas._libs.internals", "_unpickle_block").mark();
            values.accept(p);
            placement.accept(p);
            p.integer(2).tuple().reduce();
        };
    }

    private static final Consumer<PickleBytes> COLUMNS_AB_ROWS_2 =
            p -> p.index("pandas.core.indexes.base.Index", "a", "b").rangeIndex(2);

    @Test
    void aDictOfListsAndAListOfDictsAreTables() throws IOException {
        Table dict = read(new PickleBytes()
                .emptyDict()
                .mark()
                .str("tok_input")
                .emptyList()
                .mark()
                .ints(1, 2, 3)
                .ints(4)
                .appends()
                .str("text")
                .strings("x", "y")
                .setItems());
        assertThat(dict.names()).containsExactly("tok_input", "text");
        assertThat(dict.rows()).isEqualTo(2);

        Table records = read(new PickleBytes()
                .emptyList()
                .mark()
                .emptyDict()
                .mark()
                .str("q")
                .str("one")
                .setItems()
                .emptyDict()
                .mark()
                .str("q")
                .str("two")
                .str("n")
                .integer(5)
                .setItems()
                .appends());
        assertThat(records.names()).containsExactly("q", "n");
        assertThat(records.rows()).isEqualTo(2);
    }

    @Test
    void somethingElseThanATableSaysWhatItIs() {
        refused(new PickleBytes().none(), "holds None, not a DataFrame");
        refused(new PickleBytes().integer(7), "holds a int, expected a pandas DataFrame or a dict of lists");
        refused(
                new PickleBytes()
                        .global("pandas.core.series", "Series")
                        .emptyTuple()
                        .reduce(),
                "holds a pandas Series, not a DataFrame; save series.to_frame() instead");
        refused(
                new PickleBytes().global("mylab", "Thing").emptyTuple().reduce(),
                "holds an object of class mylab.Thing, which the harness cannot read from a pickle; save the data as"
                        + " Parquet with df.to_parquet('data.parquet') or as a DataFrame of plain lists and strings");
    }

    @Test
    void dictsAndListsOfTheWrongShape() {
        refused(
                new PickleBytes().emptyDict().mark().str("a").integer(1).setItems(),
                "is a dict whose value for 'a' is a int; expected a dict of equally long lists (one per column)");
        refused(
                new PickleBytes()
                        .emptyDict()
                        .mark()
                        .str("a")
                        .ints(1, 2)
                        .str("b")
                        .ints(1)
                        .setItems(),
                "is a dict of lists of different lengths: 'b' has 1 items, the columns before it 2");
        refused(
                new PickleBytes().emptyList().mark().emptyDict().str("x").appends(),
                "is a list whose item 1 is a str; expected a DataFrame, a dict of lists or a list of dicts");
    }

    @Test
    void aCellOfAnUnknownClassNamesColumnAndRow() {
        refused(
                new PickleBytes()
                        .emptyDict()
                        .mark()
                        .str("label")
                        .emptyList()
                        .mark()
                        .str("ok")
                        .global("mylab.tokens", "Thing")
                        .emptyTuple()
                        .reduce()
                        .appends()
                        .setItems(),
                "column 'label' (row 1) holds an object of class mylab.tokens.Thing, which the harness cannot read"
                        + " from a pickle; convert it in Python, e.g. df['label'] = df['label'].apply(list), or save"
                        + " the DataFrame as Parquet with df.to_parquet('data.parquet')");
    }

    @Test
    void dataFrameLayoutsThatCannotBeRead() {
        refused(
                new PickleBytes()
                        .global("pandas.core.frame", "DataFrame")
                        .emptyTuple()
                        .reduce()
                        .none()
                        .build(),
                "holds a DataFrame whose data layout is not recognised; save it as Parquet with"
                        + " df.to_parquet('data.parquet')");
        refused(
                frame(
                        p -> {},
                        p -> p.index("pandas.core.indexes.multi.MultiIndex", "a")
                                .rangeIndex(2)),
                "has MultiIndex columns; flatten them first, e.g. df.columns = ['_'.join(map(str, c)) for c in"
                        + " df.columns]");
        refused(
                frame(p -> {}, p -> p.str("columns").rangeIndex(2)),
                "has a column index of class str the harness cannot read; reset it with df ="
                        + " df.reset_index(drop=True) or save as Parquet with df.to_parquet('data.parquet')");
        refused(
                frame(
                        p -> {},
                        p -> p.index("pandas.core.indexes.base.Index", "a")
                                .global("pandas.core.indexes.base", "_new_Index")
                                .mark()
                                .global("pandas.core.indexes.datetimes", "DatetimeIndex")
                                .emptyDict()
                                .tuple()
                                .reduce()),
                "has a pandas.core.indexes.datetimes.DatetimeIndex row index; reset it first with df ="
                        + " df.reset_index(drop=True)");
    }

    @Test
    void blocksThatCannotBeRead() {
        refused(
                frame(block(p -> p.ints(1, 2), p -> p.ints(0)), COLUMNS_AB_ROWS_2),
                "column 'a' holds block values of type list (1 columns); save the DataFrame as Parquet with"
                        + " df.to_parquet('data.parquet')");
        refused(
                frame(
                        block(
                                p -> p.global("pandas.core.arrays.categorical", "Categorical")
                                        .emptyTuple()
                                        .reduce(),
                                p -> p.ints(1)),
                        COLUMNS_AB_ROWS_2),
                "column 'b' holds a categorical dtype (pandas.core.arrays.categorical.Categorical), which the"
                        + " harness cannot read from a pickle; convert it in Python, e.g. df['b'] ="
                        + " df['b'].astype(str), or save the DataFrame as Parquet with df.to_parquet('data.parquet')");
        refused(
                frame(block(p -> p.ints(1, 2), p -> p.str("0:1")), COLUMNS_AB_ROWS_2),
                "has a block placement of type str");
        refused(
                frame(block(p -> p.ints(1, 2), p -> p.strings("a")), COLUMNS_AB_ROWS_2),
                "has a block placement that is not an integer list");
        refused(
                frame(p -> p.str("not a block"), COLUMNS_AB_ROWS_2),
                "a DataFrame block is not a block; save the DataFrame as Parquet with df.to_parquet('data.parquet')");
    }

    @Test
    void aPandasOlderThan0141IsNamed() {
        refused(
                new PickleBytes()
                        .global("pandas.core.frame", "DataFrame")
                        .emptyTuple()
                        .reduce()
                        .global("pandas.core.internals.managers", "BlockManager")
                        .emptyTuple()
                        .reduce()
                        .mark()
                        .ints(0)
                        .tuple()
                        .build()
                        .build(),
                "the DataFrame was pickled by a pandas older than 0.14.1; load and re-save it with a newer pandas, or"
                        + " save it as Parquet with df.to_parquet('data.parquet')");
    }

    @Test
    void bytesThatAreNoPickleAreCalledCorrupt() {
        assertThatThrownBy(() -> PickleTables.read(new ByteArrayInputStream(new byte[] {(byte) 0x80, 2, (byte) 0xff})))
                .isInstanceOf(UnsupportedPickleException.class)
                .hasMessageStartingWith("not a readable pickle (")
                .hasMessageEndingWith("); the file looks corrupt: download or write it again");
        assertThatThrownBy(() -> read(new PickleBytes().op('a')))
                .as("APPEND on an empty stack")
                .isInstanceOf(UnsupportedPickleException.class)
                .hasMessageStartingWith("not a readable pickle (");
    }
}
