package io.llmharness.dataset.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.dataset.column.ColumnBuilder;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The layouts a single top-level JSON object can have, tried in this order:
 *
 * <ol>
 *   <li><b>columns</b>: every value is an array, all of the same length ({@code {"input": [...], "tok_input":
 *       [[...], ...]}});
 *   <li><b>pandas {@code orient="columns"}</b> (the {@code DataFrame.to_json()} default): every value is an object
 *       whose keys are row labels made of digits ({@code {"input": {"0": "...", "1": "..."}}});
 *   <li><b>records keyed by id</b> (pandas {@code orient="index"}): every value is an object ({@code {"id1":
 *       {"input": ...}, "id2": {...}}}), one row each, in file order;
 *   <li><b>one record</b>: anything else is a single row.
 * </ol>
 */
final class JsonObjectLayouts {
    private JsonObjectLayouts() {}

    static Table interpret(Path file, JsonNode root) {
        if (root.isEmpty()) {
            throw DatasetErrors.empty(file);
        }
        if (allArraysOfEqualLength(root)) {
            TableBuilder table = new TableBuilder();
            for (Map.Entry<String, JsonNode> e : root.properties()) {
                ColumnBuilder column = table.column(e.getKey());
                for (JsonNode v : e.getValue()) {
                    column.add(RowValues.fromNode(v));
                }
            }
            return table.build();
        }
        if (allObjects(root)) {
            return labelledColumns(root) ? byRowLabel(root) : keyedRecords(root);
        }
        TableBuilder table = new TableBuilder();
        addRecord(table, root);
        table.endRow();
        return table.build();
    }

    static void addRecord(TableBuilder table, JsonNode record) {
        for (Map.Entry<String, JsonNode> e : record.properties()) {
            table.set(e.getKey(), RowValues.fromNode(e.getValue()));
        }
    }

    private static boolean allArraysOfEqualLength(JsonNode root) {
        int len = -1;
        for (JsonNode v : root) {
            if (!v.isArray() || (len >= 0 && v.size() != len)) {
                return false;
            }
            len = v.size();
        }
        return true;
    }

    private static boolean allObjects(JsonNode root) {
        for (JsonNode v : root) {
            if (!v.isObject()) {
                return false;
            }
        }
        return true;
    }

    private static boolean labelledColumns(JsonNode root) {
        for (JsonNode column : root) {
            for (Iterator<String> it = column.fieldNames(); it.hasNext(); ) {
                if (!it.next().matches("\\d+")) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Table byRowLabel(JsonNode root) {
        Set<String> labels = new LinkedHashSet<>();
        for (JsonNode column : root) {
            column.fieldNames().forEachRemaining(labels::add);
        }
        List<String> ordered = new ArrayList<>(labels);
        TableBuilder table = new TableBuilder();
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            ColumnBuilder column = table.column(e.getKey());
            for (String label : ordered) {
                column.add(RowValues.fromNode(e.getValue().get(label)));
            }
        }
        return table.build();
    }

    private static Table keyedRecords(JsonNode root) {
        TableBuilder table = new TableBuilder();
        for (JsonNode record : root) {
            addRecord(table, record);
            table.endRow();
        }
        return table.build();
    }
}
