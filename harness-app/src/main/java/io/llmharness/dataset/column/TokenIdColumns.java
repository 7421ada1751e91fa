package io.llmharness.dataset.column;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes a token-id column out of a column that holds token-id lists in another form: text cells with a JSON list
 * ({@code "[1, 2, 3]"}) or space/comma separated ids ({@code "1 2 3"}, {@code "1,2,3"}), or JSON lists whose
 * elements are integral numbers. Every id must be an integer in the 32-bit range.
 */
public final class TokenIdColumns {
    private TokenIdColumns() {}

    /** A problem with one row, reported by the caller together with the file name. */
    public static final class BadTokenIdException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int row;

        BadTokenIdException(int row, String message) {
            super(message);
            this.row = row;
        }

        /** The 0-based row. */
        public int row() {
            return row;
        }
    }

    /**
     * The column as token ids.
     *
     * @throws BadTokenIdException naming the first bad row; row -1 when the column type cannot hold ids at all
     */
    public static TokenIdsColumn convert(Column column) {
        return switch (column) {
            case TokenIdsColumn t -> t;
            case StringColumn s -> fromRows(s, row -> parseText(s.get(row), row));
            case JsonColumn j -> fromRows(j, row -> fromJson(j.node(row), row));
            default ->
                throw new BadTokenIdException(
                        -1, "holds " + describe(column.type()) + " values, not lists of token ids");
        };
    }

    private interface RowParser {
        int[] parse(int row);
    }

    private static TokenIdsColumn fromRows(Column c, RowParser parser) {
        ColumnBuilder b = new ColumnBuilder(c.name());
        for (int row = 0; row < c.size(); row++) {
            b.add(c.isNull(row) ? null : parser.parse(row));
        }
        if (b.type() == ColumnType.STRING) {
            return new TokenIdsColumn(c.name(), new int[0], new int[c.size() + 1], allNull(c.size()));
        }
        return (TokenIdsColumn) b.build();
    }

    private static java.util.BitSet allNull(int n) {
        java.util.BitSet b = new java.util.BitSet(n);
        b.set(0, n);
        return b;
    }

    static int[] parseText(String cell, int row) {
        String s = cell.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1).strip();
        }
        if (s.isEmpty()) {
            return new int[0];
        }
        String[] parts = s.split("[\\s,]+");
        int[] ids = new int[parts.length];
        for (int k = 0; k < parts.length; k++) {
            try {
                ids[k] = Integer.parseInt(parts[k]);
            } catch (NumberFormatException e) {
                throw new BadTokenIdException(
                        row, "token id '" + parts[k] + "' (element " + k + ") is not a 32-bit integer");
            }
        }
        return ids;
    }

    static int[] fromJson(JsonNode node, int row) {
        if (!node.isArray()) {
            throw new BadTokenIdException(row, "holds " + kind(node) + ", not a list of token ids");
        }
        List<Integer> ids = new ArrayList<>(node.size());
        for (int k = 0; k < node.size(); k++) {
            JsonNode e = node.get(k);
            boolean integral = e.isNumber() && (e.isIntegralNumber() || e.doubleValue() == Math.rint(e.doubleValue()));
            if (!integral || !e.canConvertToInt()) {
                throw new BadTokenIdException(row, "token id " + e + " (element " + k + ") is not a 32-bit integer");
            }
            ids.add(e.intValue());
        }
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String kind(JsonNode n) {
        if (n.isObject()) {
            return "an object";
        }
        return n.isTextual() ? "a string" : "a " + n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    private static String describe(ColumnType t) {
        return switch (t) {
            case LONG -> "single integer";
            case DOUBLE -> "floating point";
            case BOOLEAN -> "boolean";
            case BYTES -> "binary";
            default -> t.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
