package io.llmharness.accuracy.rouge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * rouge_score's default tokenizer: lowercase, every run of characters outside ASCII {@code [a-z0-9]} is a
 * separator, and with stemming on each token of four or more characters is replaced by its Porter stem. Thread-safe.
 */
public final class RougeTokenizer {

    /** Stems are looked up far more often than there are distinct words; the cache stops growing at this size. */
    private static final int CACHE_LIMIT = 1 << 20;

    private final PorterStemmer stemmer;
    private final java.util.concurrent.ConcurrentHashMap<String, String> stems =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** @param stem whether to stem tokens longer than three characters (MLPerf: yes) */
    public RougeTokenizer(boolean stem) {
        this.stemmer = stem ? new PorterStemmer() : null;
    }

    /** The tokens of {@code text}. */
    public List<String> tokenize(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        int n = lower.length();
        int i = 0;
        while (i < n) {
            while (i < n && !wordChar(lower.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && wordChar(lower.charAt(i))) {
                i++;
            }
            if (i > start) {
                String token = lower.substring(start, i);
                out.add(stemmer != null && token.length() > 3 ? stem(token) : token);
            }
        }
        return out;
    }

    private String stem(String token) {
        String s = stems.get(token);
        if (s == null) {
            s = stemmer.stem(token);
            if (stems.size() < CACHE_LIMIT) {
                stems.put(token, s);
            }
        }
        return s;
    }

    private static boolean wordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
