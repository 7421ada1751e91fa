package io.llmharness.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.benchmark.PromptSource.ProductFields;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import java.io.UncheckedIOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds qwen3-vl chat messages from product fields: a system message, then a user message with a text part
 * (title, description, candidate categories) and an {@code image_url} part holding the image as a data URL.
 *
 * <p>The built-in texts are placeholders written for this harness, <b>not</b> the MLPerf reference prompt (which
 * would have to be copied verbatim to be equivalent). Supply the reference texts with
 * {@code --system-prompt-file} and {@code --user-prompt-template-file}.
 */
final class ProductPrompt implements PromptBuilder {

    /** Placeholder system prompt (not the reference text); the answer schema is appended. */
    static final String PLACEHOLDER_SYSTEM_PROMPT = "You label products for an online catalogue. Look at the product"
            + " image, title and description and answer with a single JSON object, without code fences, that"
            + " matches this JSON schema. Choose the category from the candidate list, taking the most specific"
            + " one that fits. If the description contains HTML or code, read the product facts out of it.\n\n"
            + "Schema:\n";

    /** Placeholder user text template (not the reference layout). */
    static final String PLACEHOLDER_USER_TEMPLATE = "Title:\n{product_title}\n\nDescription:\n{product_description}"
            + "\n\nCandidate categories (JSON list):\n{potential_product_categories}";

    private static final Pattern FIELD =
            Pattern.compile("\\{(product_title|product_description|potential_product_categories)}");

    private final ProductFields fields;
    private final boolean hasCategories;
    private final boolean hasSystemColumn;
    private final String systemPrompt;
    private final String userTemplate;
    private final String datasetName;

    /**
     * @param hasCategories whether the dataset has the categories column
     * @param hasSystemColumn whether the dataset has the per-row system message column
     */
    ProductPrompt(
            ProductFields fields,
            boolean hasCategories,
            boolean hasSystemColumn,
            ChatTexts template,
            String datasetName) {
        this.fields = fields;
        this.hasCategories = hasCategories;
        this.hasSystemColumn = hasSystemColumn && template.systemPrompt() == null;
        this.systemPrompt = template.systemPrompt() != null ? template.systemPrompt() : placeholderSystemPrompt();
        this.userTemplate = template.userTemplate() != null ? template.userTemplate() : PLACEHOLDER_USER_TEMPLATE;
        this.datasetName = datasetName;
    }

    static String placeholderSystemPrompt() {
        return PLACEHOLDER_SYSTEM_PROMPT + Qwen3VlBenchmark.schema().toString();
    }

    @Override
    public Prompt build(RowView row) {
        String title = required(row, fields.title());
        String description = required(row, fields.description());
        byte[] image = row.bytes(fields.image());
        if (image == null || image.length == 0) {
            throw HarnessException.config(where(row, fields.image()) + ": no image bytes; every row needs an image");
        }
        String categories = hasCategories ? categories(row) : "[]";
        String system = systemPrompt;
        if (hasSystemColumn) {
            String perRow = row.text(fields.systemMessage());
            if (perRow != null && !perRow.isBlank()) {
                system = perRow;
            }
        }

        ArrayNode messages = StrictJson.MAPPER.createArrayNode();
        messages.addObject().put("role", "system").put("content", system);
        ObjectNode user = messages.addObject().put("role", "user");
        ArrayNode content = user.putArray("content");
        content.addObject().put("type", "text").put("text", fill(title, description, categories));
        content.addObject()
                .put("type", "image_url")
                .putObject("image_url")
                .put("url", ImageDataUrl.of(image, where(row, fields.image())));
        return new Prompt.Chat(messages);
    }

    private String fill(String title, String description, String categories) {
        Matcher m = FIELD.matcher(userTemplate);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = switch (m.group(1)) {
                case "product_title" -> title;
                case "product_description" -> description;
                default -> categories;
            };
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private String categories(RowView row) {
        Object v = row.value(fields.categories());
        if (v == null) {
            return "[]";
        }
        if (v instanceof String s) {
            return s;
        }
        JsonNode node = v instanceof JsonNode n ? n : StrictJson.MAPPER.valueToTree(v);
        try {
            return StrictJson.MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String required(RowView row, String column) {
        String v = row.text(column);
        if (v == null) {
            throw HarnessException.config(where(row, column) + ": value missing; every row needs it");
        }
        return v;
    }

    private String where(RowView row, String column) {
        return "dataset " + datasetName + " row " + row.index() + " column '" + column + "'";
    }
}
