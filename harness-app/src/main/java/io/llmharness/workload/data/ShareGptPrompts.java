package io.llmharness.workload.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.spec.DataSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Conversations of a ShareGPT-format JSON file: a list of {@code {"conversations": [{"from": "human"|"gpt"|
 * "system", "value": …}, …]}} (also {@code role}/{@code content}). Completion requests send the first human turn
 * with the token count of the first answer as {@code max_tokens}; chat requests send the conversation up to its last
 * answer, whose length becomes {@code max_tokens}. Conversations outside the length filters are skipped. The file
 * is streamed, and reading stops once enough conversations were kept.
 */
final class ShareGptPrompts implements PromptFeed {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<StaticRequest> items;
    private final String description;

    private ShareGptPrompts(List<StaticRequest> items, String description) {
        this.items = items;
        this.description = description;
    }

    /**
     * Reads the file.
     *
     * @param needed how many conversations to keep (the largest stage's request count, or more)
     * @throws HarnessException (config) naming the key and file when it is missing, unreadable or has nothing usable
     */
    static ShareGptPrompts read(DataSpec.ShareGpt spec, TextTokenizer tok, int needed, boolean chat) {
        Path file = Path.of(spec.file().path());
        String where = spec.file().where() + " " + spec.file().path();
        List<StaticRequest> kept = new ArrayList<>();
        int seen = 0;
        try (JsonParser p = JSON.createParser(Files.newInputStream(file))) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw HarnessException.config(where + ": not a ShareGPT file (expected a JSON list of conversations)");
            }
            while (kept.size() < needed && p.nextToken() == JsonToken.START_OBJECT) {
                JsonNode conv = p.readValueAsTree();
                seen++;
                StaticRequest r = chat ? chat(conv, spec, tok, kept.size()) : completion(conv, spec, tok, kept.size());
                if (r != null) {
                    kept.add(r);
                }
            }
        } catch (NoSuchFileException e) {
            throw HarnessException.config(where + ": no such file");
        } catch (IOException e) {
            throw HarnessException.config(where + ": cannot read it as JSON (" + e.getMessage() + ")", e);
        }
        if (kept.isEmpty()) {
            throw HarnessException.config(where + ": none of its " + seen + " conversations fits the length filters"
                    + " (input " + spec.inputMin() + "-" + spec.inputMax() + ", output " + spec.outputMin() + "-"
                    + spec.outputMax() + " tokens)");
        }
        return new ShareGptPrompts(
                List.copyOf(kept),
                "ShareGPT " + spec.file().path() + ": " + kept.size() + " of " + seen
                        + " conversations read fit the filters");
    }

    private static List<Messages.Message> turns(JsonNode conv) {
        JsonNode list = conv.has("conversations") ? conv.get("conversations") : conv.path("conversation");
        List<Messages.Message> out = new ArrayList<>();
        for (JsonNode t : list) {
            String from =
                    t.has("from") ? t.path("from").asText() : t.path("role").asText();
            String value = t.has("value")
                    ? t.path("value").asText()
                    : t.path("content").asText();
            String role = switch (from) {
                case "human", "user" -> "user";
                case "gpt", "assistant", "chatgpt", "bard", "bing" -> "assistant";
                case "system" -> "system";
                default -> null;
            };
            if (role != null) {
                out.add(new Messages.Message(role, value));
            }
        }
        return out;
    }

    private static StaticRequest completion(JsonNode conv, DataSpec.ShareGpt spec, TextTokenizer tok, int index) {
        List<Messages.Message> t = turns(conv);
        int human = -1;
        for (int i = 0; i < t.size(); i++) {
            if (t.get(i).role().equals("user")) {
                human = i;
                break;
            }
        }
        if (human < 0 || human + 1 >= t.size() || !t.get(human + 1).role().equals("assistant")) {
            return null;
        }
        String prompt = t.get(human).content();
        return keep(
                spec,
                tok,
                index,
                new Prompt.Text(prompt),
                tok.count(prompt),
                t.get(human + 1).content());
    }

    private static StaticRequest chat(JsonNode conv, DataSpec.ShareGpt spec, TextTokenizer tok, int index) {
        List<Messages.Message> t = turns(conv);
        int last = -1;
        for (int i = t.size() - 1; i > 0; i--) {
            if (t.get(i).role().equals("assistant")) {
                last = i;
                break;
            }
        }
        if (last < 1) {
            return null;
        }
        Prompt p = Messages.chat(t.subList(0, last));
        return keep(spec, tok, index, p, Messages.count(tok, p), t.get(last).content());
    }

    private static StaticRequest keep(
            DataSpec.ShareGpt spec, TextTokenizer tok, int index, Prompt p, int inTokens, String answer) {
        int out = tok.count(answer);
        if (inTokens < spec.inputMin() || inTokens > spec.inputMax()) {
            return null;
        }
        if (spec.fixedOutput() == null && (out < spec.outputMin() || out > spec.outputMax())) {
            return null;
        }
        return new StaticRequest(index, p, inTokens, spec.fixedOutput() != null ? spec.fixedOutput() : out);
    }

    @Override
    public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
        return items.get((int) (indexInStage % items.size()));
    }

    @Override
    public String describe() {
        return description;
    }
}
