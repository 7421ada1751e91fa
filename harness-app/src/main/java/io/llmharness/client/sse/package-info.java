/**
 * Push-based Server-Sent Events framing.
 *
 * <p>{@link io.llmharness.client.sse.SseParser} is fed whatever byte slices the socket delivers and calls its
 * {@link io.llmharness.client.sse.SseHandler} once per complete event. It never decodes text: it works on bytes,
 * so a multi-byte UTF-8 character split across two reads needs no special care, and the JSON parser downstream
 * receives complete event payloads. The output is the same for any chunking of the input. Limits are explicit:
 * an event larger than the configured bound raises {@link io.llmharness.client.sse.StreamLimitException}.
 */
package io.llmharness.client.sse;
