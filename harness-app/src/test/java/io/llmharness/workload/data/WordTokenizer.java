package io.llmharness.workload.data;

import io.llmharness.tokenizer.TextTokenizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A minimal tokenizer for tests: a token is a run of letters or digits, or one other character, each with the
 * white space before it; ids are handed out in order of first appearance. Lossless, thread-safe. Stands in for the
 * real tokenizers in unit tests of the data generators.
 */
public final class WordTokenizer implements TextTokenizer {

    private static final Pattern TOKEN = Pattern.compile("\\s*(?:[A-Za-z0-9]+|[^A-Za-z0-9\\s])|\\s+");

    private final Map<String, Integer> ids = new ConcurrentHashMap<>();
    private final List<String> pieces = new ArrayList<>();

    @Override
    public String source() {
        return "test word tokenizer";
    }

    @Override
    public int[] encode(String text) {
        Matcher m = TOKEN.matcher(text);
        List<Integer> out = new ArrayList<>();
        while (m.find()) {
            out.add(id(m.group()));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private int id(String piece) {
        Integer id = ids.get(piece);
        if (id != null) {
            return id;
        }
        synchronized (pieces) {
            return ids.computeIfAbsent(piece, p -> {
                pieces.add(p);
                return pieces.size() - 1;
            });
        }
    }

    @Override
    public String decode(int[] tokens) {
        StringBuilder sb = new StringBuilder();
        synchronized (pieces) {
            for (int t : tokens) {
                sb.append(pieces.get(t));
            }
        }
        return sb.toString();
    }
}
