/**
 * Server-side metrics from Prometheus scrapes: which metric names mean "running requests", "KV-cache usage", …
 * on vLLM and SGLang ({@link io.llmharness.metrics.server.ServerSignal}), and how a series of scrapes becomes
 * signals over time and per-stage statistics ({@link io.llmharness.metrics.server.ServerTimeline}). Pure
 * computation over values already read; scraping and the Parquet file live elsewhere.
 */
package io.llmharness.metrics.server;
