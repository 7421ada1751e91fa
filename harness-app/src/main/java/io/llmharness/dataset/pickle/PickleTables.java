package io.llmharness.dataset.pickle;

import io.llmharness.dataset.column.ColumnBuilder;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns an unpickled object into a {@link Table}: a pandas DataFrame (one column per item of its column index,
 * rows in stored order; the row index itself is not kept), a dict of equally long lists or arrays (one column per
 * key), or a list of dicts (one row per dict).
 */
public final class PickleTables {
    private PickleTables() {}

    /**
     * Reads one pickle.
     *
     * @throws UnsupportedPickleException when the content cannot be a dataset; the message says how to convert it
     */
    public static Table read(InputStream in) throws IOException {
        Object root = new PandasUnpickler().read(in);
        return switch (root) {
            case PandasObjects.Frame frame -> frame(frame);
            case Map<?, ?> dict -> dictOfLists(dict);
            case PyList list -> records(list.items());
            case List<?> list -> records(new ArrayList<>(list));
            case PandasObjects.Series s ->
                throw new UnsupportedPickleException(
                        "holds a pandas Series, not a DataFrame; save series.to_frame() instead");
            case PyObjects.Opaque o -> throw UnsupportedPickleException.forClass(o.className, null, -1);
            case null -> throw new UnsupportedPickleException("holds None, not a DataFrame");
            default ->
                throw new UnsupportedPickleException(
                        "holds a " + Values.pythonType(root) + ", expected a pandas DataFrame or a dict of lists");
        };
    }

    private static Table frame(PandasObjects.Frame frame) {
        if (!(frame.manager instanceof PandasObjects.Manager m) || m.axes.size() != 2) {
            throw new UnsupportedPickleException(
                    "holds a DataFrame whose data layout is not recognised; save it as Parquet with"
                            + " df.to_parquet('data.parquet')");
        }
        PandasObjects.Index items = index(m.axes.get(0), "column");
        int rows = index(m.axes.get(1), "row").length();
        String[] names = new String[items.length()];
        for (int i = 0; i < names.length; i++) {
            names[i] = items.name(i);
        }
        Object[][] columns = new Object[names.length][];
        for (PandasObjects.Block block : m.blocks) {
            int[] at = positions(block.placement());
            for (int k = 0; k < at.length; k++) {
                columns[at[k]] = blockColumn(block.values(), k, at.length, rows, names[at[k]]);
            }
        }
        TableBuilder table = new TableBuilder();
        for (int c = 0; c < names.length; c++) {
            ColumnBuilder column = table.column(names[c]);
            Object[] cells = columns[c] == null ? new Object[rows] : columns[c];
            for (int r = 0; r < rows; r++) {
                column.add(Values.cell(cells[r], names[c], r));
            }
        }
        return table.build();
    }

    private static Object[] blockColumn(Object values, int item, int itemCount, int rows, String name) {
        if (values instanceof NumpyArray a) {
            if (a.dtype().isDatetime()) {
                throw UnsupportedPickleException.forClass("datetime64 (numpy)", name, -1);
            }
            Object[] out = new Object[rows];
            if (a.ndim() == 1) {
                for (int r = 0; r < rows; r++) {
                    out[r] = a.element(r);
                }
            } else {
                for (int r = 0; r < rows; r++) {
                    out[r] = a.element(item, r);
                }
            }
            return out;
        }
        if (values instanceof PyObjects.Opaque o) {
            throw UnsupportedPickleException.forClass(o.className, name, -1);
        }
        throw new UnsupportedPickleException("column '" + name + "' holds block values of type "
                + Values.pythonType(values) + " (" + itemCount + " columns); save the DataFrame as Parquet with"
                + " df.to_parquet('data.parquet')");
    }

    private static PandasObjects.Index index(Object axis, String what) {
        if (axis instanceof PandasObjects.Index idx) {
            if (what.equals("column") && idx.className().endsWith("MultiIndex")) {
                throw new UnsupportedPickleException("has MultiIndex columns; flatten them first, e.g. df.columns ="
                        + " ['_'.join(map(str, c)) for c in df.columns]");
            }
            if (idx.unreadable() != null) {
                throw new UnsupportedPickleException("stores its " + what + " labels as "
                        + UnsupportedPickleException.describe(idx.unreadable())
                        + ", which the harness cannot read from a pickle; save"
                        + " the DataFrame as Parquet with df.to_parquet('data.parquet'), or pickle it with plain"
                        + " object labels: df.columns = df.columns.astype(object); df = df.reset_index(drop=True)");
            }
            if (idx.labels() == null && !idx.isRange()) {
                if (what.equals("row")) {
                    throw new UnsupportedPickleException("has a " + idx.className() + " row index; reset it first"
                            + " with df = df.reset_index(drop=True)");
                }
                throw UnsupportedPickleException.forClass(idx.className(), null, -1);
            }
            return idx;
        }
        String cls = axis instanceof PyObjects.Opaque o ? o.className : Values.pythonType(axis);
        throw new UnsupportedPickleException("has a " + what + " index of class " + cls
                + " the harness cannot read; reset it with df = df.reset_index(drop=True) or save as Parquet with"
                + " df.to_parquet('data.parquet')");
    }

    private static int[] positions(Object placement) {
        return switch (placement) {
            case PyObjects.Slice s -> s.positions();
            case NumpyArray a -> {
                int[] ids = a.toInts();
                if (ids == null) {
                    throw new UnsupportedPickleException("has a block placement that is not an integer array");
                }
                yield ids;
            }
            case PyList l -> {
                if (!l.allInts()) {
                    throw new UnsupportedPickleException("has a block placement that is not an integer list");
                }
                yield l.ints();
            }
            default ->
                throw new UnsupportedPickleException("has a block placement of type " + Values.pythonType(placement));
        };
    }

    private static Table dictOfLists(Map<?, ?> dict) {
        TableBuilder table = new TableBuilder();
        int rows = -1;
        for (Map.Entry<?, ?> e : dict.entrySet()) {
            String name = String.valueOf(e.getKey());
            List<Object> cells = Values.sequence(e.getValue());
            if (cells == null) {
                throw new UnsupportedPickleException("is a dict whose value for '" + name + "' is a "
                        + Values.pythonType(e.getValue()) + "; expected a dict of equally long lists (one per column)");
            }
            if (rows >= 0 && cells.size() != rows) {
                throw new UnsupportedPickleException("is a dict of lists of different lengths: '" + name + "' has "
                        + cells.size() + " items, the columns before it " + rows);
            }
            rows = cells.size();
            ColumnBuilder column = table.column(name);
            for (int r = 0; r < cells.size(); r++) {
                column.add(Values.cell(cells.get(r), name, r));
            }
        }
        return table.build();
    }

    private static Table records(List<Object> rows) {
        TableBuilder table = new TableBuilder();
        for (int r = 0; r < rows.size(); r++) {
            if (!(rows.get(r) instanceof Map<?, ?> record)) {
                throw new UnsupportedPickleException(
                        "is a list whose item " + r + " is a " + Values.pythonType(rows.get(r))
                                + "; expected a DataFrame, a dict of lists or a list of dicts");
            }
            for (Map.Entry<?, ?> e : record.entrySet()) {
                String name = String.valueOf(e.getKey());
                table.set(name, Values.cell(e.getValue(), name, r));
            }
            table.endRow();
        }
        return table.build();
    }
}
