package io.llmharness.client.api;

/**
 * Receives what a {@link ResponseDecoder} finds, per choice index (the prompt's position in a batch; 0 for a
 * single prompt). Called on the decoding thread; arrays are only valid during the call.
 */
public interface ChoiceSink {

    /** A chat role chunk ({@code delta.role}) arrived for this choice. Not output. */
    void role(int index, long nowNs);

    /**
     * A piece of output arrived: at least one new token id, a non-empty text or reasoning delta, or a server
     * token count that grew.
     *
     * @param ids the new token ids, or null when the response carries no ids
     * @param idCount number of valid entries in {@code ids} from index 0
     * @param text the new text, or null when it was empty or not collected
     * @param tokens tokens in this piece when known (ids or server count), else 0
     */
    void output(int index, int[] ids, int idCount, String text, int tokens, long nowNs);

    /** The choice finished; {@code reason} is {@code stop}, {@code length}, {@code abort}, ... */
    void finish(int index, String reason);

    /** Per-choice server counts (SGLang {@code meta_info}); -1 = not given. Later calls replace earlier ones. */
    void choiceUsage(int index, long promptTokens, long completionTokens);

    /** Request totals ({@code usage}); -1 = not given. Later calls replace earlier ones. */
    void usage(long promptTokens, long completionTokens);

    /** The body or stream carried an error object (an error event after a 200, or an SGLang abort). */
    void error(int code, String message, String type);
}
