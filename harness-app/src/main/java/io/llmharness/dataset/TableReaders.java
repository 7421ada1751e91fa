package io.llmharness.dataset;

import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.read.CsvTableReader;
import io.llmharness.dataset.read.JsonTableReader;
import io.llmharness.dataset.read.ParquetTableReader;
import io.llmharness.dataset.read.PickleTableReader;
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
