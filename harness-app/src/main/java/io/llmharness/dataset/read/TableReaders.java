package io.llmharness.dataset.read;

import io.llmharness.dataset.DatasetFormat;
import io.llmharness.dataset.column.Table;
import java.nio.file.Path;

/** Reads a file with the reader of its format. */
public final class TableReaders {
    private TableReaders() {}

    /** Reads the file as {@code format}. JSON and JSON Lines share one reader that recognises both. */
    public static Table read(Path file, DatasetFormat format) {
        return switch (format) {
            case JSON, JSONL -> JsonTableReader.read(file);
            case CSV -> CsvTableReader.read(file);
            case PARQUET -> ParquetTableReader.read(file);
            case PICKLE -> PickleTableReader.read(file);
        };
    }
}
