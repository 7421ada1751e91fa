package io.llmharness.benchmark;

import java.nio.file.Path;

/**
 * The prompt flags of {@code harness run}; {@code null} = flag not given. They only matter for benchmarks
 * whose chat messages are built from dataset fields (qwen3-vl).
 *
 * @param systemPromptFile {@code --system-prompt-file}: UTF-8 text used verbatim as the system message,
 *     replacing the built-in placeholder and any {@code system_message} column
 * @param userPromptTemplateFile {@code --user-prompt-template-file}: UTF-8 text of the user message's text
 *     part, with {@code {product_title}}, {@code {product_description}} and
 *     {@code {potential_product_categories}} replaced per row
 */
public record PromptOptions(Path systemPromptFile, Path userPromptTemplateFile) {

    /** No flags given. */
    public static final PromptOptions NONE = new PromptOptions(null, null);
}
