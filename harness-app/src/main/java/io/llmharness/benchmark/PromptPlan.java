package io.llmharness.benchmark;

import java.util.List;

/**
 * The prompt builder chosen for a dataset.
 *
 * @param source the detected prompt source (which column or fields are used)
 * @param builder builds the prompt of each row
 * @param warnings things the user should know, e.g. that a placeholder system prompt is in use
 */
public record PromptPlan(PromptSource source, PromptBuilder builder, List<String> warnings) {

    public PromptPlan {
        warnings = List.copyOf(warnings);
    }
}
