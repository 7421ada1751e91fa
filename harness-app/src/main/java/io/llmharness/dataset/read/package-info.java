/**
 * File readers: each turns one dataset file into a {@link io.llmharness.dataset.column.Table}, and every problem
 * into a one-line {@link io.llmharness.error.HarnessException} that names the file, the row or line and the column.
 *
 * <p>JSON and JSON Lines are streamed with Jackson's token parser, so integer lists go straight into {@code int[]}
 * without a tree or boxed integers; CSV goes through jackson-dataformat-csv; Parquet through DuckDB's JDBC driver;
 * pickles through Pyrolite with the numpy/pandas constructors of {@code io.llmharness.dataset.pickle}. {@code
 * io.llmharness.dataset.FormatDetector} chooses the reader from the extension, then from the first bytes.
 * Rows are numbered from 0 (the sample index LoadGen uses); text formats also give the 1-based line.
 */
package io.llmharness.dataset.read;
