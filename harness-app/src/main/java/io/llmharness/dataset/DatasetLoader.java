package io.llmharness.dataset;

import io.llmharness.dataset.cache.DatasetCache;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.read.DatasetErrors;
import io.llmharness.error.HarnessException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads a dataset file: checks the path, picks the format, reads the file (or its cached binary form), applies
 * the sample limit and resolves the standard columns. Every user mistake becomes a one-line {@link
 * HarnessException} of kind CONFIG (exit code 3); what is read despite a doubt is in {@link Dataset#warnings()}.
 */
public final class DatasetLoader {
    private static final Logger LOG = LoggerFactory.getLogger(DatasetLoader.class);

    private DatasetLoader() {}

    /** Loads {@code file} as {@code options} say. */
    public static Dataset load(Path file, DatasetOptions options) {
        if (!Files.exists(file)) {
            throw DatasetErrors.missingFile(file);
        }
        if (Files.isDirectory(file)) {
            throw DatasetErrors.notAFile(file);
        }
        List<String> warnings = new ArrayList<>();
        DatasetFormat format = options.format() != null ? options.format() : FormatDetector.detect(file, warnings);
        long start = System.nanoTime();
        Table table;
        if (options.cacheDir() != null) {
            DatasetCache.Result r = new DatasetCache(options.cacheDir())
                    .load(file, "format=" + format, () -> TableReaders.read(file, format));
            table = r.table();
            LOG.info("Dataset {}: {} ({} ms)", file, r.outcome(), (System.nanoTime() - start) / 1_000_000);
            if (r.problem() != null) {
                warnings.add("--dataset-cache-dir " + options.cacheDir() + ": not used, " + r.problem()
                        + "; the dataset is parsed on every run");
            }
        } else {
            table = TableReaders.read(file, format);
            LOG.debug("Dataset {} parsed in {} ms", file, (System.nanoTime() - start) / 1_000_000);
        }
        if (table.rows() == 0) {
            throw DatasetErrors.empty(file);
        }
        table = limit(file, table, options.numSamples());
        ColumnRoles.Resolved resolved = ColumnRoles.resolve(file, table, options);
        return new Dataset(file, format, resolved.table(), resolved.roles(), warnings);
    }

    /**
     * Checks that a dataset of {@code available} rows can provide {@code requested} samples (the run command
     * makes the same check).
     */
    public static void checkSampleCount(Path file, int available, int requested) {
        if (requested > available) {
            throw HarnessException.config("--num-samples " + requested + " asks for more samples than " + file
                    + " has (" + available + "); use --num-samples " + available + " or less");
        }
    }

    private static Table limit(Path file, Table table, int numSamples) {
        if (numSamples == 0) {
            return table;
        }
        checkSampleCount(file, table.rows(), numSamples);
        return table.head(numSamples);
    }
}
