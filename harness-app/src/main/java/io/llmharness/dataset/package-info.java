/**
 * Datasets: read the files MLPerf users have (JSON, JSON Lines, CSV, Parquet, pickled pandas DataFrames) into one
 * immutable columnar {@link io.llmharness.dataset.Dataset}.
 *
 * <p>Entry point: {@link io.llmharness.dataset.DatasetLoader#load} with {@link
 * io.llmharness.dataset.DatasetOptions}. The loader checks the path, picks the format ({@code read.FormatDetector}),
 * reads the file into a {@code column.Table} (or takes it from the binary {@code cache}), keeps the first N rows,
 * and resolves the standard columns ({@link io.llmharness.dataset.StandardColumn}: {@code input_ids}, {@code
 * input}, {@code targets}, {@code messages}) by override or by a fixed detection order. Every other column stays
 * available under its own name. Mistakes in the file or options become one-line {@code HarnessException}s that
 * name the file, row and column and say how to fix them.
 *
 * <p>Packages below: {@code column} (the typed columns), {@code read} (format readers), {@code pickle} (numpy and
 * pandas objects for Pyrolite), {@code cache} (binary cache). Dependencies point one way: this package uses the
 * others; {@code read} uses {@code column} and {@code pickle}; {@code cache} uses {@code column}.
 */
package io.llmharness.dataset;
