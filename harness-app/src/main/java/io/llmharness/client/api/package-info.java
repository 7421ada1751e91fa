/**
 * Endpoint adapters: how a request is written and how a response is read for each server API.
 *
 * <p>An {@link io.llmharness.client.api.EndpointAdapter} writes the JSON body for one prompt or a batch
 * (OpenAI completions, chat completions, SGLang {@code /generate}) and creates a
 * {@link io.llmharness.client.api.ResponseDecoder} that turns response JSON (one SSE event at a time, or a
 * whole body) into neutral per-choice callbacks on a {@link io.llmharness.client.api.ChoiceSink}: role chunk,
 * output piece (new token ids and text), finish, usage, error. SGLang's cumulative {@code output_ids}/{@code text}
 * become deltas here, so callers see the same shape for every API.
 *
 * <p>Decoders use Jackson's streaming parser and read only the fields they need; token ids go into a reused
 * scratch array, and text is only materialised when the caller asks for it. Nothing here touches the network.
 */
package io.llmharness.client.api;
