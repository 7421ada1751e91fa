package io.llmharness.client.api;

/**
 * How a JSON schema constraint ({@code SamplingParams.jsonSchema}) is sent on OpenAI-compatible endpoints.
 * SGLang {@code /generate} always uses {@code sampling_params.json_schema}.
 */
public enum GuidedDecoding {
    /** {@code response_format: {"type":"json_schema","json_schema":{...}}}: OpenAI standard, vLLM and SGLang. */
    RESPONSE_FORMAT,
    /** {@code structured_outputs: {"json": schema}}: vLLM's native form since v0.10.2. */
    STRUCTURED_OUTPUTS,
    /** {@code guided_json: schema}: legacy vLLM (up to v0.11); newer servers silently ignore it. */
    GUIDED_JSON
}
