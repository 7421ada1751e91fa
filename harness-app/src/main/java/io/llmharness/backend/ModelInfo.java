package io.llmharness.backend;

/**
 * What a ready server reports in {@code GET /v1/models}.
 *
 * @param servedModelName the first model id (the name clients must send), or null when unknown
 * @param maxModelLen the context window in tokens ({@code max_model_len}), or null when not reported
 */
public record ModelInfo(String servedModelName, Integer maxModelLen) {

    /** Nothing known (the endpoint failed or is missing). */
    public static final ModelInfo UNKNOWN = new ModelInfo(null, null);

    @Override
    public String toString() {
        return (servedModelName == null ? "model unknown" : "model " + servedModelName)
                + (maxModelLen == null ? "" : ", max_model_len " + maxModelLen);
    }
}
