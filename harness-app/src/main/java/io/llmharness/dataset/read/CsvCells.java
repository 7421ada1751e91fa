package io.llmharness.dataset.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Types the text cells of one CSV column: the first of integer, float, boolean ({@code true/false}, any case) or
 * JSON (cells starting with {@code [} or <code>{</code>) that fits every non-empty cell, otherwise text.
 */
final class CsvCells {
    private CsvCells() {}

    static List<Object> type(List<String> cells) {
        List<Object> out = new ArrayList<>(cells.size());
        if (all(cells, CsvCells::isLong)) {
            cells.forEach(c -> out.add(c == null ? null : Long.parseLong(c.strip())));
        } else if (all(cells, CsvCells::isDouble)) {
            cells.forEach(c -> out.add(c == null ? null : Double.parseDouble(c.strip())));
        } else if (all(cells, CsvCells::isBoolean)) {
            cells.forEach(c -> out.add(c == null ? null : Boolean.parseBoolean(c.strip())));
        } else {
            List<Object> json = json(cells);
            out.addAll(json != null ? json : cells);
        }
        return out;
    }

    private interface Test {
        boolean test(String s);
    }

    private static boolean all(List<String> cells, Test test) {
        boolean any = false;
        for (String c : cells) {
            if (c != null) {
                if (!test.test(c.strip())) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    private static boolean isLong(String s) {
        if (s.isEmpty() || s.length() > 19) {
            return false;
        }
        int start = s.charAt(0) == '-' || s.charAt(0) == '+' ? 1 : 0;
        if (start == s.length()) {
            return false;
        }
        for (int i = start; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isDouble(String s) {
        try {
            Double.parseDouble(s);
            return !s.endsWith("d") && !s.endsWith("f") && !s.endsWith("D") && !s.endsWith("F");
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isBoolean(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        return l.equals("true") || l.equals("false");
    }

    private static List<Object> json(List<String> cells) {
        List<Object> out = new ArrayList<>(cells.size());
        boolean any = false;
        for (String c : cells) {
            if (c == null) {
                out.add(null);
                continue;
            }
            String s = c.strip();
            if (!(s.startsWith("[") || s.startsWith("{"))) {
                return null;
            }
            try {
                JsonNode node = RowValues.MAPPER.readTree(s);
                out.add(RowValues.fromNode(node));
                any = true;
            } catch (java.io.IOException e) {
                return null;
            }
        }
        return any ? out : null;
    }
}
