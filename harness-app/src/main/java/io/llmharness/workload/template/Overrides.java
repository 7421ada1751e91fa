package io.llmharness.workload.template;

import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * llm-d-benchmark's {@code -o key=value,key=value} profile overrides, applied to the template text before
 * {@code REPLACE_ENV_*} substitution.
 *
 * <p>Each entry rewrites, on every line, the first occurrence of {@code <key>:} and everything after it to
 * {@code <key>: <value>}. The key is matched as a substring of the line, not as a path: {@code min=20} rewrites
 * both {@code input_distribution.min} and {@code output_distribution.min}, {@code rate=5} every stage's rate, and
 * {@code name=x} also {@code model_name}. A {@code .} in a key matches any character (it is a sed pattern in
 * llm-d). Values cannot hold commas: write {@code REPLACE_COMMA} (e.g. {@code rate=[1REPLACE_COMMA2]}). Entries are
 * separated by commas and white space; a value keeps everything after the first {@code =}.
 */
public final class Overrides {

    private final List<Entry> entries;

    private Overrides(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** No overrides. */
    public static final Overrides NONE = new Overrides(List.of());

    /**
     * One override.
     *
     * @param key the leaf key as typed
     * @param value the new value as typed
     */
    public record Entry(String key, String value) {}

    /**
     * Parses the {@code -o} / {@code LLMDBENCH_HARNESS_EXPERIMENT_PROFILE_OVERRIDES} string.
     *
     * @param where the flag or variable, for error messages
     * @throws HarnessException usage/config error for an entry without {@code =} or with an empty key
     */
    public static Overrides parse(String spec, String where) {
        if (spec == null || spec.isBlank()) {
            return NONE;
        }
        List<Entry> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            for (String word : part.strip().split("\\s+")) {
                if (word.isEmpty()) {
                    continue;
                }
                int eq = word.indexOf('=');
                if (eq <= 0) {
                    throw HarnessException.badValue(
                            where, where + " '" + word + "': expected key=value (e.g. -o min=20,total_count=200)");
                }
                out.add(new Entry(word.substring(0, eq), word.substring(eq + 1)));
            }
        }
        return new Overrides(out);
    }

    /** The entries, in order. */
    public List<Entry> entries() {
        return entries;
    }

    /** Whether there is nothing to apply. */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /**
     * Applies the overrides to a template, in order.
     *
     * @return the new text and the keys that matched nothing (outside comment lines)
     */
    public Result apply(String text) {
        String[] lines = text.split("\n", -1);
        List<String> unmatched = new ArrayList<>();
        for (Entry e : entries) {
            Pattern p = Pattern.compile(keyPattern(e.key()) + ":.*$");
            int hits = 0;
            for (int i = 0; i < lines.length; i++) {
                Matcher m = p.matcher(lines[i]);
                if (m.find()) {
                    if (!lines[i].stripLeading().startsWith("#")) {
                        hits++;
                    }
                    lines[i] = lines[i].substring(0, m.start()) + e.key() + ": " + e.value();
                }
            }
            if (hits == 0) {
                unmatched.add(e.key());
            }
        }
        return new Result(String.join("\n", lines), List.copyOf(unmatched));
    }

    /** The key as a regular expression: literal, except that {@code .} matches any character (as in sed). */
    static String keyPattern(String key) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c != '.' && "\\^$|?*+()[]{}".indexOf(c) >= 0) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /**
     * Overridden text.
     *
     * @param text the template with the overrides applied
     * @param unmatched keys that matched no line (warn: nothing was changed for them)
     */
    public record Result(String text, List<String> unmatched) {}
}
