/**
 * The MLPerf system under test over HTTP.
 *
 * <p>{@link io.llmharness.client.sut.HttpSut} turns LoadGen's {@code issueQuery} calls into requests on an
 * {@link io.llmharness.client.engine.LlmClient}, each request stamped with the scheduled time LoadGen handed over
 * for its samples ({@link io.llmharness.loadgen.IssuedQuery}), and reports back through LoadGen's
 * {@link io.llmharness.loadgen.ResponseSink}: the first token of each sample with {@code firstTokenComplete}
 * (streaming scenarios), then the whole output with {@code querySamplesComplete} as int32 little-endian token ids
 * (or UTF-8 text) and its token count. Every issued sample completes exactly once, also when its request fails,
 * and a sample's first-token call always comes first. How samples become requests is the
 * {@link io.llmharness.client.sut.SutMode}: Offline batches, Offline back-to-back, or one request per sample for
 * Server-like scenarios.
 */
package io.llmharness.client.sut;
