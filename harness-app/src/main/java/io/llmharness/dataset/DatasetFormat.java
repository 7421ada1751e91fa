package io.llmharness.dataset;

/** The file formats the loader reads. Any of them may be gzip-compressed except Parquet. */
public enum DatasetFormat {
    /** A JSON array of records, an object of columns, an object of records keyed by id, or one record. */
    JSON,
    /** One JSON record per line (JSON Lines). */
    JSONL,
    /** Comma-separated values with a header row. */
    CSV,
    /** Apache Parquet, read through DuckDB. */
    PARQUET,
    /** A pickled pandas DataFrame or a pickled dict of lists. */
    PICKLE
}
