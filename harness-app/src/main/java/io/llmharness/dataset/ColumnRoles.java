package io.llmharness.dataset;

import io.llmharness.dataset.column.Column;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TokenIdColumns;
import io.llmharness.dataset.column.TokenIdsColumn;
import io.llmharness.dataset.read.DatasetErrors;
import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * Decides which file column serves each {@link StandardColumn}: the override from {@link DatasetOptions} when
 * given (it must exist), otherwise the first of {@link StandardColumn#candidates()} present in the file. The
 * {@code input_ids} column is converted to token ids here, so a bad id fails the load naming row and column.
 */
final class ColumnRoles {
    private ColumnRoles() {}

    record Resolved(Table table, Map<StandardColumn, String> roles) {}

    static Resolved resolve(Path file, Table table, DatasetOptions options) {
        Map<StandardColumn, String> roles = new EnumMap<>(StandardColumn.class);
        for (StandardColumn s : StandardColumn.values()) {
            String override = options.override(s).orElse(null);
            if (override != null) {
                if (table.column(override).isEmpty()) {
                    throw HarnessException.config("Column '" + override + "' given with " + s.flag() + " not found in "
                            + file + "; columns present: " + DatasetErrors.list(table.names()));
                }
                roles.put(s, override);
            } else {
                s.candidates().stream()
                        .filter(c -> table.column(c).isPresent())
                        .findFirst()
                        .ifPresent(c -> roles.put(s, c));
            }
        }
        Table out = table;
        String ids = roles.get(StandardColumn.INPUT_IDS);
        if (ids != null) {
            out = table.with(tokenIds(file, table.column(ids).orElseThrow()));
        }
        for (StandardColumn s : options.required()) {
            if (!roles.containsKey(s)) {
                throw missing(file, table, s);
            }
        }
        return new Resolved(out, roles);
    }

    private static TokenIdsColumn tokenIds(Path file, Column column) {
        try {
            return TokenIdColumns.convert(column);
        } catch (TokenIdColumns.BadTokenIdException e) {
            if (e.row() < 0) {
                throw HarnessException.config("Column '" + column.name() + "' in " + file + " " + e.getMessage()
                        + "; name the column of token-id lists with " + StandardColumn.INPUT_IDS.flag());
            }
            throw HarnessException.config("Dataset " + file + " row " + e.row() + ", column '" + column.name() + "': "
                    + e.getMessage() + "; token-id columns must hold lists of integers");
        }
    }

    static HarnessException missing(Dataset dataset, StandardColumn s) {
        return missing(dataset.source(), dataset.table(), s);
    }

    static HarnessException missing(Path file, Table table, StandardColumn s) {
        return HarnessException.config("Column '" + s.candidates().get(0) + "' not found in " + file
                + " (looked for " + String.join(", ", s.candidates()) + "); columns present: "
                + DatasetErrors.list(table.names()) + "; name the " + s.standardName() + " column with " + s.flag());
    }
}
