package io.llmharness.secret;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The redaction function of the harness: one process-wide list of secret values and the rules that keep them out
 * of every file, log line and message. Thread-safe; reading is lock-free.
 *
 * <p>Two ways a secret is found:
 *
 * <ul>
 *   <li><b>by value</b> — every value {@link #register registered} (an API key, a sensitive header's value) is
 *       replaced by {@value #REDACTED} wherever it occurs in a text ({@link #redact(String)}). Values shorter than
 *       {@value #MIN_SEARCH_LENGTH} characters are not searched for in free text (it would garble every line);
 *       they are still redacted where the structure says a secret is;
 *   <li><b>by name</b> — where the text has structure, a value is redacted because of what it is called, also when
 *       it was never registered: command-line flags ({@code --api-key X}, {@code --api-key=X}, {@code --header
 *       'Authorization: …'}) in {@link #redactArgs}, configuration keys and header names through
 *       {@link #isSecretName} ({@code api_key}, {@code Authorization}, {@code X-Api-Key}, {@code HF_TOKEN},
 *       {@code password}, …).
 * </ul>
 *
 * New sources of secrets call {@link #register} (or create a {@link Secret}); new sinks pass their text through
 * {@link #redact(String)}.
 */
public final class Secrets {

    /** What a secret is replaced by. */
    public static final String REDACTED = "<redacted>";

    /** Shortest value searched for in free text. */
    public static final int MIN_SEARCH_LENGTH = 4;

    /** Name segments that mark a secret on their own ({@code HF_TOKEN}, {@code db-password}, {@code Cookie}). */
    private static final Set<String> SECRET_WORDS = Set.of(
            "token",
            "secret",
            "password",
            "passwd",
            "authorization",
            "credential",
            "credentials",
            "cookie",
            "apikey",
            "bearer");

    /** First words that make a following {@code key} a secret ({@code api_key}, {@code access-key}). */
    private static final Set<String> KEY_PREFIXES = Set.of("api", "access", "private", "secret", "auth");

    /** Registered values, longest first (so a value containing another is replaced whole). */
    private static volatile String[] values = new String[0];

    private Secrets() {}

    /** Remembers a secret value; from now on {@link #redact(String)} removes it. Null or blank is ignored. */
    public static synchronized void register(String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        String v = value.strip();
        for (String known : values) {
            if (known.equals(v)) {
                return;
            }
        }
        String[] next = Arrays.copyOf(values, values.length + 1);
        next[values.length] = v;
        Arrays.sort(next, Comparator.comparingInt(String::length).reversed());
        values = next;
    }

    /**
     * Registers a header's value when its name marks it as a secret ({@link #isSecretName}); for an
     * {@code Authorization} value with a scheme ({@code Bearer K}) the credential alone is registered too.
     */
    public static void registerHeader(String name, String value) {
        if (!isSecretName(name) || value == null) {
            return;
        }
        register(value);
        String v = value.strip();
        int space = v.indexOf(' ');
        if (space > 0) {
            register(v.substring(space + 1));
        }
    }

    /**
     * Registers the secrets of a command line before it is parsed: the value of every flag whose name is a secret
     * name ({@code --api-key X}, {@code --api-key=X}) and of every sensitive {@code --header}. So even a command
     * line that fails to parse cannot print its key.
     */
    public static void registerArgs(List<String> argv) {
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i) == null ? "" : argv.get(i);
            if (!a.startsWith("-") || a.length() < 2) {
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            String value = eq >= 0 ? a.substring(eq + 1) : i + 1 < argv.size() ? argv.get(i + 1) : null;
            if (value == null) {
                continue;
            }
            if (isHeaderFlag(name)) {
                int colon = value.indexOf(':');
                if (colon > 0) {
                    registerHeader(value.substring(0, colon), value.substring(colon + 1));
                }
            } else if (isSecretName(name)) {
                register(value);
            }
        }
    }

    /** The text with every registered secret replaced by {@value #REDACTED}; null stays null. */
    public static String redact(String text) {
        String[] vs = values;
        if (text == null || vs.length == 0) {
            return text;
        }
        String out = text;
        for (String v : vs) {
            if (v.length() >= MIN_SEARCH_LENGTH && out.contains(v)) {
                out = out.replace(v, REDACTED);
            }
        }
        return out;
    }

    /** Whether {@link #redact(String)} would change this text. */
    public static boolean containsSecret(String text) {
        String r = redact(text);
        return r != null && !r.equals(text);
    }

    /** {@link #redact(String)} applied to each element. */
    public static List<String> redact(List<String> texts) {
        List<String> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(redact(t));
        }
        return out;
    }

    /**
     * A command line with its secrets redacted: the value of every flag whose name is a secret name
     * ({@code --api-key X}, {@code --api-key=X}, {@code --hf-token X}), the value of a {@code --header} / {@code -H}
     * whose header name is a secret name ({@code --header 'Authorization: Bearer X'} → {@code --header
     * 'Authorization: <redacted>'}), and every registered value anywhere.
     */
    public static List<String> redactArgs(List<String> argv) {
        List<String> out = new ArrayList<>(argv.size());
        boolean hideNext = false;
        boolean headerNext = false;
        for (String arg : argv) {
            String a = arg == null ? "" : arg;
            if (hideNext) {
                out.add(REDACTED);
                hideNext = false;
                continue;
            }
            if (headerNext) {
                out.add(redactHeaderLine(a));
                headerNext = false;
                continue;
            }
            if (a.startsWith("-") && a.length() > 1) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                if (isHeaderFlag(name)) {
                    if (eq < 0) {
                        headerNext = true;
                        out.add(a);
                    } else {
                        out.add(name + "=" + redactHeaderLine(a.substring(eq + 1)));
                    }
                    continue;
                }
                if (isSecretName(name)) {
                    if (eq < 0) {
                        hideNext = true;
                        out.add(a);
                    } else {
                        out.add(name + "=" + REDACTED);
                    }
                    continue;
                }
            }
            out.add(redact(a));
        }
        return out;
    }

    /** {@code Name: value} with the value redacted when the name is a secret name, else {@link #redact}. */
    public static String redactHeaderLine(String line) {
        int colon = line.indexOf(':');
        if (colon > 0 && isSecretName(line.substring(0, colon))) {
            return line.substring(0, colon + 1) + " " + REDACTED;
        }
        return redact(line);
    }

    /** A named value (a header, a variable, a key) as it may be shown: {@value #REDACTED} for a secret name, else {@link #redact}. */
    public static String redactValue(String name, String value) {
        return isSecretName(name) ? REDACTED : redact(value);
    }

    /**
     * Whether a flag, configuration key, environment variable or header name holds a secret: one of its words
     * (split at {@code -}, {@code _}, {@code .} and case changes are not split) is {@code token}, {@code secret},
     * {@code password}, {@code authorization}, {@code credentials}, {@code cookie}, {@code apikey} or
     * {@code bearer}, or it has {@code key} after {@code api}, {@code access}, {@code private}, {@code secret} or
     * {@code auth}. So {@code --api-key}, {@code api_key}, {@code X-Api-Key}, {@code OPENAI_API_KEY},
     * {@code HF_TOKEN}, {@code Authorization} are secret names; {@code max_tokens}, {@code tokenizer},
     * {@code key_path} are not.
     */
    public static boolean isSecretName(String name) {
        if (name == null) {
            return false;
        }
        String[] words = name.strip().toLowerCase(Locale.ROOT).split("[-_.\\s]+");
        String previous = "";
        for (String w : words) {
            if (SECRET_WORDS.contains(w) || (w.equals("key") && KEY_PREFIXES.contains(previous))) {
                return true;
            }
            if (!w.isEmpty()) {
                previous = w;
            }
        }
        return false;
    }

    private static boolean isHeaderFlag(String flag) {
        return flag.equals("--header") || flag.equals("-H");
    }
}
