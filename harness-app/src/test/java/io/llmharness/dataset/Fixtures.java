package io.llmharness.dataset;

import io.llmharness.dataset.column.ColumnBuilder;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The committed fixture files (see make_fixtures.py) and the table they all hold. */
final class Fixtures {
    static final List<String> TEXTS =
            List.of("Summarize: the cat sat.", "Résumé ✓, with \"quotes\", commas", "short", "Line one\nline two");
    static final int[][] IDS = {{128000, 1, 2, 3}, {128000, 70000}, {5}, {128000, 9, 8, 7, 6}};
    static final List<String> OUTPUTS = List.of("A cat sat.", "A résumé.", "s", "Two lines.");
    static final long[] N = {1, 2, 3, 4};
    static final double[] SCORE = {0.5, 1.25, -2.0, 3.5};

    private Fixtures() {}

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/datasets/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing test fixture " + name, e);
        }
    }

    /** The small logical dataset every format fixture holds. */
    static Table smallTable() {
        TableBuilder t = new TableBuilder();
        ColumnBuilder input = t.column("input");
        ColumnBuilder ids = t.column("tok_input");
        ColumnBuilder output = t.column("output");
        ColumnBuilder n = t.column("n");
        ColumnBuilder score = t.column("score");
        for (int i = 0; i < 4; i++) {
            input.add(TEXTS.get(i));
            ids.add(IDS[i]);
            output.add(OUTPUTS.get(i));
            n.add(N[i]);
            score.add(SCORE[i]);
        }
        return t.build();
    }

    /** Writes the small dataset as Parquet with DuckDB, token ids as {@code list<elementType>}. */
    static Path smallParquet(Path dir, String elementType) throws SQLException {
        Path file = dir.resolve("small_" + elementType.toLowerCase() + ".parquet");
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            values.append(i == 0 ? "" : ", ")
                    .append("(")
                    .append(i)
                    .append(", ")
                    .append(sql(TEXTS.get(i)))
                    .append(", ")
                    .append(java.util.Arrays.toString(IDS[i]))
                    .append(", ")
                    .append(sql(OUTPUTS.get(i)))
                    .append(", ")
                    .append(N[i])
                    .append(", ")
                    .append(SCORE[i])
                    .append(")");
        }
        duckdb("COPY (SELECT input, CAST(ids AS " + elementType + "[]) AS tok_input, output, n, score FROM (VALUES "
                + values + ") v(k, input, ids, output, n, score) ORDER BY k) TO '" + file + "' (FORMAT PARQUET)");
        return file;
    }

    static String sql(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static void duckdb(String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }
}
