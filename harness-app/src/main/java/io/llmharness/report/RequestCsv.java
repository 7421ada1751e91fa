package io.llmharness.report;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.secret.Secrets;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes requests.csv: a header line with the {@link RequestTable} column names, then one line per request.
 *
 * <p>RFC 4180 quoting: a field is quoted when it contains a comma, a double quote, a line break, or leading or
 * trailing white space, and quotes inside are doubled. An empty cell means null; an empty string is written as
 * {@code ""}. Lines end with LF; the file is UTF-8. Booleans are {@code true}/{@code false}, milliseconds are exact
 * decimals, chunk times are space-separated integers. Text cells (error messages, URLs) pass through
 * {@link Secrets#redact(String)}; requests.parquet is made from this file, so it holds no secret either.
 */
final class RequestCsv {

    private RequestCsv() {}

    static void write(RecordSnapshot s, Path file) throws IOException {
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            write(s, w);
        }
    }

    static void write(RecordSnapshot s, Writer w) throws IOException {
        List<RequestTable.Column> cols = RequestTable.COLUMNS;
        StringBuilder line = new StringBuilder(512);
        for (int i = 0; i < cols.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(cols.get(i).name());
        }
        w.append(line).append('\n');
        for (RequestRecord r : s.requests()) {
            line.setLength(0);
            Object[] row = RequestTable.row(r, s);
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    line.append(',');
                }
                cell(line, cols.get(i).type(), row[i]);
            }
            w.append(line).append('\n');
        }
    }

    private static void cell(StringBuilder out, RequestTable.Type type, Object v) {
        if (v == null) {
            return;
        }
        switch (type) {
            case DOUBLE_MS -> out.append(Units.msText((Long) v));
            case VARCHAR -> quoted(out, Secrets.redact((String) v));
            case BIGINT_LIST -> {
                long[] a = (long[]) v;
                if (a.length == 0) {
                    out.append("\"\"");
                }
                for (int i = 0; i < a.length; i++) {
                    out.append(i > 0 ? " " : "").append(a[i]);
                }
            }
            default -> out.append(v);
        }
    }

    /** Appends a text field, quoted when needed. */
    static void quoted(StringBuilder out, String s) {
        if (!needsQuotes(s)) {
            out.append(s);
            return;
        }
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            out.append(c);
            if (c == '"') {
                out.append('"');
            }
        }
        out.append('"');
    }

    private static boolean needsQuotes(String s) {
        if (s.isEmpty() || Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1))) {
            return true;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }
}
