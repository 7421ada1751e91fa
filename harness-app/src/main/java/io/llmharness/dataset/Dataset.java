package io.llmharness.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.dataset.column.Column;
import io.llmharness.dataset.column.JsonColumn;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TokenIdsColumn;
import io.llmharness.error.HarnessException;
import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loaded dataset: immutable columns plus which file columns serve as the standard columns ({@code input_ids},
 * {@code input}, {@code targets}, {@code messages}; {@code input_lens} is derived from {@code input_ids}). Rows
 * are addressed by their 0-based sample index (LoadGen's QSL index). Safe to share between threads.
 *
 * <p>Load with {@link DatasetLoader#load(Path, DatasetOptions)} or {@link #load(Path)}.
 */
public final class Dataset {
    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private final Path source;
    private final DatasetFormat format;
    private final Table table;
    private final Map<StandardColumn, String> roles;
    private final TokenIdsColumn inputIds;
    private final DatasetStatistics statistics;
    private final List<String> warnings;

    Dataset(Path source, DatasetFormat format, Table table, Map<StandardColumn, String> roles) {
        this(source, format, table, roles, List.of());
    }

    Dataset(Path source, DatasetFormat format, Table table, Map<StandardColumn, String> roles, List<String> warnings) {
        this.source = source;
        this.format = format;
        this.table = table;
        EnumMap<StandardColumn, String> r = new EnumMap<>(StandardColumn.class);
        r.putAll(roles);
        this.roles = r;
        this.inputIds = roleColumn(StandardColumn.INPUT_IDS)
                .map(TokenIdsColumn.class::cast)
                .orElse(null);
        this.statistics = computeStatistics();
        this.warnings = List.copyOf(warnings);
    }

    /** Loads a file with default options (detect format and columns, all rows, no cache). */
    public static Dataset load(Path file) {
        return DatasetLoader.load(file, DatasetOptions.defaults());
    }

    /** The file the dataset was loaded from, as given. */
    public Path source() {
        return source;
    }

    /** The format the file was read as. */
    public DatasetFormat format() {
        return format;
    }

    /**
     * What the loader read despite a doubt, one line each naming the file, e.g. a file named like JSON whose content
     * is a pickle. Empty for most files; the run command prints them as {@code harness: warning: ...}.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** Number of samples (rows). */
    public int size() {
        return table.rows();
    }

    /** The underlying columns. */
    public Table table() {
        return table;
    }

    /** Every column name of the file, in file order. */
    public List<String> columnNames() {
        return table.names();
    }

    /** The file column serving a standard column, if there is one. */
    public Optional<String> columnFor(StandardColumn column) {
        return Optional.ofNullable(roles.get(column));
    }

    /** Whether the dataset has this standard column. */
    public boolean has(StandardColumn column) {
        return roles.containsKey(column);
    }

    /**
     * A column by file name; when the file has no column of that name, the standard names {@code input_ids},
     * {@code input}, {@code targets} and {@code messages} resolve to the column serving them.
     *
     * @throws HarnessException naming the file and listing the columns present
     */
    public Column column(String name) {
        Optional<Column> c = table.column(name);
        if (c.isPresent()) {
            return c.get();
        }
        for (StandardColumn s : StandardColumn.values()) {
            if (s.standardName().equals(name) && roles.containsKey(s)) {
                return table.column(roles.get(s)).orElseThrow();
            }
        }
        throw HarnessException.config("Column '" + name + "' not found in " + source + "; columns present: "
                + String.join(", ", columnNames()));
    }

    /** A value of any column (see {@link Column#value}). */
    public Object value(String column, int row) {
        return column(column).value(row);
    }

    /** The token-id column serving {@code input_ids}. */
    public TokenIdsColumn inputIdsColumn() {
        if (inputIds == null) {
            throw ColumnRoles.missing(this, StandardColumn.INPUT_IDS);
        }
        return inputIds;
    }

    /** A fresh copy of the row's prompt token ids. */
    public int[] inputIds(int row) {
        return inputIdsColumn().ids(row);
    }

    /** A read-only view of the row's prompt token ids, without copying. */
    public IntBuffer inputIdsView(int row) {
        return inputIdsColumn().view(row);
    }

    /** The number of prompt tokens of the row ({@code input_lens}). */
    public int inputLen(int row) {
        return inputIdsColumn().length(row);
    }

    /** The row's prompt text ({@code input}), or null when the row has none. */
    public String input(int row) {
        return role(StandardColumn.INPUT).text(row);
    }

    /** The row's reference output ({@code targets}) as text, or null when the row has none. */
    public String target(int row) {
        return role(StandardColumn.TARGETS).text(row);
    }

    /** The row's chat messages as compact JSON text, ready for a request body. */
    public String messagesJson(int row) {
        return role(StandardColumn.MESSAGES).text(row);
    }

    /**
     * The row's chat messages as a fresh Jackson tree (also when the file stores them as JSON text), or null.
     *
     * @throws HarnessException when a text cell is not valid JSON
     */
    public JsonNode messages(int row) {
        Column c = role(StandardColumn.MESSAGES);
        if (c instanceof JsonColumn j) {
            return j.node(row);
        }
        String text = c.text(row);
        if (text == null) {
            return null;
        }
        try {
            return MAPPER.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw HarnessException.config("Dataset " + source + " row " + row + ", column '" + c.name()
                    + "': messages are not valid JSON (" + e.getOriginalMessage() + "); store them as a list of"
                    + " {role, content} objects");
        }
    }

    /**
     * Everything about one row, like the seed's {@code get_sample}: the standard names first ({@code input},
     * {@code input_ids}, {@code input_lens}, {@code targets}, {@code messages}, where present), then every other
     * file column by its own name. Values as in {@link Column#value}.
     */
    public Map<String, Object> sample(int row) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (has(StandardColumn.INPUT)) {
            m.put("input", input(row));
        }
        if (inputIds != null) {
            m.put("input_ids", inputIds(row));
            m.put("input_lens", inputLen(row));
        }
        if (has(StandardColumn.TARGETS)) {
            m.put("targets", target(row));
        }
        if (has(StandardColumn.MESSAGES)) {
            m.put("messages", messages(row));
        }
        for (Column c : table.columns()) {
            m.putIfAbsent(c.name(), c.value(row));
        }
        return m;
    }

    /** Count and input length distribution, computed at load. */
    public DatasetStatistics statistics() {
        return statistics;
    }

    private Column role(StandardColumn s) {
        return roleColumn(s).orElseThrow(() -> ColumnRoles.missing(this, s));
    }

    private Optional<Column> roleColumn(StandardColumn s) {
        return Optional.ofNullable(roles.get(s)).flatMap(table::column);
    }

    private DatasetStatistics computeStatistics() {
        int n = size();
        if (inputIds != null) {
            int[] lens = new int[n];
            for (int i = 0; i < n; i++) {
                lens[i] = inputIds.length(i);
            }
            return new DatasetStatistics(n, DatasetStatistics.Lengths.of(lens), null, inputIds.totalIds());
        }
        Optional<Column> text = roleColumn(StandardColumn.INPUT);
        if (text.isPresent()) {
            int[] lens = new int[n];
            for (int i = 0; i < n; i++) {
                String s = text.get().text(i);
                lens[i] = s == null ? 0 : s.length();
            }
            return new DatasetStatistics(n, null, DatasetStatistics.Lengths.of(lens), 0);
        }
        return new DatasetStatistics(n, null, null, 0);
    }

    @Override
    public String toString() {
        return "Dataset[" + source + ", " + format + ", " + size() + " rows, columns " + columnNames() + "]";
    }
}
