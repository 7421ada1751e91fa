package io.llmharness.workload.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.llmharness.client.Prompt;
import io.llmharness.tokenizer.TextTokenizer;
import java.util.List;

/** Chat messages as prompts, and client token counts of any prompt. */
final class Messages {

    private Messages() {}

    /** One chat message. */
    record Message(String role, String content) {}

    /** A chat prompt of the given messages. */
    static Prompt chat(List<Message> messages) {
        ArrayNode arr = JsonNodeFactory.instance.arrayNode();
        for (Message m : messages) {
            arr.addObject().put("role", m.role()).put("content", m.content());
        }
        return new Prompt.Chat(arr);
    }

    /** Tokens of a prompt's contents (chat: the sum over messages; the server's template adds more). */
    static int count(TextTokenizer tokenizer, Prompt p) {
        return switch (p) {
            case Prompt.Text t -> tokenizer.count(t.text());
            case Prompt.TokenIds ids -> ids.ids().length;
            case Prompt.Chat c -> {
                int n = 0;
                for (JsonNode m : c.messages()) {
                    n += tokenizer.count(m.path("content").asText(""));
                }
                yield n;
            }
        };
    }
}
