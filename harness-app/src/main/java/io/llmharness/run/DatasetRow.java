package io.llmharness.run;

import io.llmharness.benchmark.RowView;
import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.column.Column;
import io.llmharness.dataset.column.TokenIdsColumn;
import java.util.Map;

/**
 * One dataset row as the benchmark's prompt builders see it. Column names the benchmark uses are first mapped
 * through the run's aliases (a {@code --input-ids-column} override makes the benchmark's {@code tok_input} read
 * the named column). Cheap to create; one per row being built.
 */
final class DatasetRow implements RowView {

    private final Dataset dataset;
    private final Map<String, String> aliases;
    private final int row;

    DatasetRow(Dataset dataset, Map<String, String> aliases, int row) {
        this.dataset = dataset;
        this.aliases = aliases;
        this.row = row;
    }

    private Column column(String name) {
        return dataset.column(aliases.getOrDefault(name, name));
    }

    @Override
    public long index() {
        return row;
    }

    @Override
    public int[] ids(String column) {
        Column c = column(column);
        if (c.isNull(row)) {
            return null;
        }
        return c instanceof TokenIdsColumn t ? t.ids(row) : null;
    }

    @Override
    public String text(String column) {
        return column(column).text(row);
    }

    @Override
    public byte[] bytes(String column) {
        return column(column).value(row) instanceof byte[] b ? b : null;
    }

    @Override
    public Object value(String column) {
        return column(column).value(row);
    }
}
