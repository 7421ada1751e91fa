package io.llmharness.dataset;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What to load: column overrides, a sample limit, the formats and the cache. Immutable; start from {@link
 * #defaults()} and derive with the {@code with…} methods.
 *
 * @param columnOverrides file column to use for a standard column, instead of detecting it (CLI {@code
 *     --input-ids-column}, {@code --input-column}, {@code --target-column}, {@code --messages-column})
 * @param numSamples keep only the first N rows; 0 keeps all. Asking for more rows than the file has is an error.
 * @param format the file format, or null to choose by extension and then by content
 * @param cacheDir directory for the binary cache of parsed datasets, or null for no cache
 * @param required standard columns the caller needs: loading fails with a one-line error naming the file, the
 *     columns present and the flag to use when one cannot be found
 */
public record DatasetOptions(
        Map<StandardColumn, String> columnOverrides,
        int numSamples,
        DatasetFormat format,
        Path cacheDir,
        Set<StandardColumn> required) {

    public DatasetOptions {
        columnOverrides = Map.copyOf(columnOverrides);
        required = required.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(required));
        if (numSamples < 0) {
            throw new IllegalArgumentException("numSamples must be >= 0, got " + numSamples);
        }
    }

    /** Detect every column, keep all rows, detect the format, no cache, nothing required. */
    public static DatasetOptions defaults() {
        return new DatasetOptions(Map.of(), 0, null, null, Set.of());
    }

    /** The file column to use for a standard column, if overridden. */
    public Optional<String> override(StandardColumn column) {
        return Optional.ofNullable(columnOverrides.get(column));
    }

    /** Uses the named file column for a standard column (null removes the override). */
    public DatasetOptions withColumn(StandardColumn column, String fileColumn) {
        var m = new java.util.EnumMap<StandardColumn, String>(StandardColumn.class);
        m.putAll(columnOverrides);
        if (fileColumn == null) {
            m.remove(column);
        } else {
            m.put(column, fileColumn);
        }
        return new DatasetOptions(m, numSamples, format, cacheDir, required);
    }

    /** Same as {@code withColumn(INPUT_IDS, name)}: CLI {@code --input-ids-column}. */
    public DatasetOptions withInputIdsColumn(String name) {
        return withColumn(StandardColumn.INPUT_IDS, name);
    }

    /** Same as {@code withColumn(INPUT, name)}: CLI {@code --input-column}. */
    public DatasetOptions withInputColumn(String name) {
        return withColumn(StandardColumn.INPUT, name);
    }

    /** Same as {@code withColumn(TARGETS, name)}: CLI {@code --target-column}. */
    public DatasetOptions withTargetColumn(String name) {
        return withColumn(StandardColumn.TARGETS, name);
    }

    /** Same as {@code withColumn(MESSAGES, name)}: CLI {@code --messages-column}. */
    public DatasetOptions withMessagesColumn(String name) {
        return withColumn(StandardColumn.MESSAGES, name);
    }

    /** Keeps only the first {@code n} rows (0 = all): CLI {@code --num-samples}. */
    public DatasetOptions withNumSamples(int n) {
        return new DatasetOptions(columnOverrides, n, format, cacheDir, required);
    }

    /** Forces a format instead of detecting it. */
    public DatasetOptions withFormat(DatasetFormat f) {
        return new DatasetOptions(columnOverrides, numSamples, f, cacheDir, required);
    }

    /** Caches parsed datasets in this directory (null disables the cache). */
    public DatasetOptions withCacheDir(Path dir) {
        return new DatasetOptions(columnOverrides, numSamples, format, dir, required);
    }

    /** Fails the load when one of these standard columns cannot be found. */
    public DatasetOptions withRequired(StandardColumn... columns) {
        return new DatasetOptions(columnOverrides, numSamples, format, cacheDir, Set.of(columns));
    }
}
