/**
 * The columnar model behind {@link io.llmharness.dataset.Dataset}: one immutable {@link
 * io.llmharness.dataset.column.Column} per dataset column, typed once at load time.
 *
 * <p>Token-id lists are stored compactly ({@link io.llmharness.dataset.column.TokenIdsColumn}: one {@code int[]}
 * holding every row's ids back to back plus an offsets array), so a 13k × 800-token dataset costs about 43 MB and
 * no boxed integers. Readers do not build columns directly: they append one Java value per row to a {@link
 * io.llmharness.dataset.column.ColumnBuilder} ({@code null}, {@code String}, {@code Long}, {@code Double}, {@code
 * Boolean}, {@code byte[]}, {@code int[]} token lists, or a Jackson tree for nested values), and the builder picks
 * the narrowest column type that holds every row.
 */
package io.llmharness.dataset.column;
