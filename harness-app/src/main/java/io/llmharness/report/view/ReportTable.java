package io.llmharness.report.view;

import java.util.List;

/**
 * A small table of text cells, drawn as HTML or on the terminal.
 *
 * @param caption one line above it, or empty
 * @param header column names
 * @param rows cells, each row as long as the header; numbers are right-aligned by the formats
 */
public record ReportTable(String caption, List<String> header, List<List<String>> rows) {

    public ReportTable {
        caption = caption == null ? "" : caption;
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException(
                        "table row " + r + " has " + r.size() + " cells for " + header.size() + " columns");
            }
        }
    }

    /** Whether the table has no rows. */
    public boolean isEmpty() {
        return rows.isEmpty();
    }
}
