package io.llmharness.benchmark;

import java.util.List;

/**
 * Where a row's prompt comes from. A benchmark lists its sources in detection order; the first one whose
 * required columns all exist in the dataset is used.
 */
public sealed interface PromptSource {

    /** Columns that must exist for this source to be chosen. */
    List<String> requiredColumns();

    /** The prompt kind this source produces. */
    PromptKind kind();

    /** A column of token id lists, sent verbatim. */
    record TokenIdsColumn(String column) implements PromptSource {
        @Override
        public List<String> requiredColumns() {
            return List.of(column);
        }

        @Override
        public PromptKind kind() {
            return PromptKind.TOKEN_IDS;
        }
    }

    /** A column of prompt text. */
    record TextColumn(String column) implements PromptSource {
        @Override
        public List<String> requiredColumns() {
            return List.of(column);
        }

        @Override
        public PromptKind kind() {
            return PromptKind.TEXT;
        }
    }

    /** A column holding a ready OpenAI messages array (JSON text, or lists and maps). */
    record MessagesColumn(String column) implements PromptSource {
        @Override
        public List<String> requiredColumns() {
            return List.of(column);
        }

        @Override
        public PromptKind kind() {
            return PromptKind.CHAT;
        }
    }

    /**
     * Product catalogue fields (qwen3-vl) turned into a system + user message with an image part.
     *
     * @param image column with the encoded image bytes (PNG, JPEG, WebP or GIF)
     * @param title column with the product title
     * @param description column with the product description
     * @param categories column with the candidate category paths (list of strings); optional
     * @param systemMessage column with a per-row system prompt; optional
     */
    record ProductFields(String image, String title, String description, String categories, String systemMessage)
            implements PromptSource {
        @Override
        public List<String> requiredColumns() {
            return List.of(image, title, description);
        }

        @Override
        public PromptKind kind() {
            return PromptKind.CHAT;
        }
    }
}
