package io.llmharness.dataset;

import java.util.List;

/**
 * The standard columns every benchmark reads, the seed's standardized output names, and the file column names
 * they are detected from (first match wins, in the order listed), plus the command-line flag that overrides the
 * detection.
 *
 * <p>{@code input_lens} is not detected: it is always the length of each row's {@code input_ids}.
 */
public enum StandardColumn {
    /** Pre-tokenized prompt ids, sent verbatim: {@code tok_input, input_tokens, input_ids, prompt_token_ids}. */
    INPUT_IDS("input_ids", "--input-ids-column", List.of("tok_input", "input_tokens", "input_ids", "prompt_token_ids")),
    /** Prompt text: {@code input, text_input, prompt, text}. */
    INPUT("input", "--input-column", List.of("input", "text_input", "prompt", "text")),
    /**
     * Reference output used by accuracy evaluation: {@code output, gt_output, ground_truth, targets, target,
     * ref_output, answer}.
     */
    TARGETS(
            "targets",
            "--target-column",
            List.of("output", "gt_output", "ground_truth", "targets", "target", "ref_output", "answer")),
    /** OpenAI chat messages (a list of {@code {role, content}} objects, content may hold image parts). */
    MESSAGES("messages", "--messages-column", List.of("messages"));

    private final String standardName;
    private final String flag;
    private final List<String> candidates;

    StandardColumn(String standardName, String flag, List<String> candidates) {
        this.standardName = standardName;
        this.flag = flag;
        this.candidates = candidates;
    }

    /** The seed's standardized name ({@code input_ids}, {@code input}, {@code targets}, {@code messages}). */
    public String standardName() {
        return standardName;
    }

    /** The command-line flag that names the file column explicitly. */
    public String flag() {
        return flag;
    }

    /** File column names tried in order when no override is given. */
    public List<String> candidates() {
        return candidates;
    }
}
