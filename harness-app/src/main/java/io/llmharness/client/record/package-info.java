/**
 * What the client measured: one immutable {@link io.llmharness.client.record.RequestRecord} per HTTP request and
 * pooled inter-chunk gap histograms.
 *
 * <p>Times are {@link System#nanoTime()} values; a {@link io.llmharness.client.record.RecordSnapshot} carries one
 * wall-clock anchor so reports can print absolute times. Outcomes are values
 * ({@link io.llmharness.client.record.Outcome}), never exceptions. The hot path writes into pre-sized,
 * lock-free structures ({@link io.llmharness.client.record.RecordStore},
 * {@link io.llmharness.client.record.ChunkGapRecorder}); reports are built afterwards from a snapshot, by
 * another layer (summary.json, requests.csv/parquet).
 */
package io.llmharness.client.record;
