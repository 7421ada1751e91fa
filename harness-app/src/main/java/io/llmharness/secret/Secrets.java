package io.llmharness.secret;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 *       {@code password}, …), environment entries {@code NAME=value} ({@link #redactEnvEntry}), YAML text
 *       ({@link #redactYaml}), the value of a {@code --server-arg} (a server command line in one string);
 *   <li><b>by form</b> — the password of a URL ({@code http://user:pass@host}) in any text, registered or not.
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

    /** Words before {@code token} that make it a count or a latency, not a secret ({@code time-to-first-token}). */
    private static final Set<String> TOKEN_NOT_SECRET_BEFORE =
            Set.of("first", "output", "input", "per", "next", "last", "max", "min", "num", "special", "stop", "eos");

    /** Words after {@code token} that make it a measure, not a secret ({@code inter-token-latency}). */
    private static final Set<String> TOKEN_NOT_SECRET_AFTER =
            Set.of("latency", "id", "ids", "count", "len", "length", "budget", "limit", "interval");

    /** Words after {@code key} that make the name one of a file or a label, not a secret ({@code key_path}). */
    private static final Set<String> KEY_NOT_SECRET_AFTER = Set.of("path", "file", "dir", "name", "size", "type");

    /** Flags whose value is a whole server command line in one string ({@code --server-arg='--api-key K'}). */
    private static final Set<String> ARGS_FLAGS = Set.of("--server-arg");

    /** Flags whose value is {@code NAME=value} for a server's environment. */
    private static final Set<String> ENV_FLAGS = Set.of("--server-env");

    /** The password of a URL's user information: {@code scheme://user:PASSWORD@}. */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://[^\\s/?#@:]*:)([^\\s/?#@]*)@");

    /** A YAML mapping line, possibly a list item: indent, {@code - }, key, colon, value. */
    private static final Pattern YAML_ENTRY =
            Pattern.compile("^(\\s*(?:-\\s+)?)([\"']?)([A-Za-z0-9_.\\-]+)\\2(\\s*:\\s+)(\\S.*?)\\s*$");

    /** A YAML list item that is a flag, possibly with {@code =value}. */
    private static final Pattern YAML_FLAG_ITEM =
            Pattern.compile("^(\\s*-\\s+)([\"']?)(--?[A-Za-z0-9_.\\-]+)(=.*)?\\2\\s*$");

    /** A YAML list item's value. */
    private static final Pattern YAML_ITEM = Pattern.compile("^(\\s*-\\s+)(\\S.*?)\\s*$");

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

    /** Every value registered so far, longest first (for {@link SecretPrints}: never written anywhere as such). */
    public static List<String> registered() {
        return List.of(values);
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
            if (value == null || (eq < 0 && value.startsWith("--"))) {
                continue; // a flag without a value (the next argument is a flag of its own)
            }
            if (isHeaderFlag(name)) {
                int colon = value.indexOf(':');
                if (colon > 0) {
                    registerHeader(value.substring(0, colon), value.substring(colon + 1));
                }
            } else if (ARGS_FLAGS.contains(name)) {
                registerArgs(splitArgs(value));
            } else if (ENV_FLAGS.contains(name)) {
                registerEnvEntry(value);
            } else if (isSecretName(name)) {
                register(value);
            }
        }
    }

    /**
     * Registers the value of an environment entry {@code NAME=value} when its name is a secret name
     * ({@code HF_TOKEN=…}, {@code OPENAI_API_KEY=…}).
     */
    public static void registerEnvEntry(String entry) {
        if (entry == null) {
            return;
        }
        int eq = entry.indexOf('=');
        if (eq > 0) {
            registerEnv(entry.substring(0, eq), entry.substring(eq + 1));
        }
    }

    /** Registers a variable's value when its name is a secret name. */
    public static void registerEnv(String name, String value) {
        if (isSecretName(name)) {
            register(value);
        }
    }

    /**
     * Registers every secret of a server's environment (by name, {@link #registerEnv}) and of its command line
     * ({@link #registerArgs}): what a server the harness starts is given.
     */
    public static void registerServer(List<String> argv, java.util.Map<String, String> env) {
        registerArgs(argv);
        env.forEach(Secrets::registerEnv);
    }

    /**
     * The text with every registered secret and every URL password ({@code http://user:<redacted>@host}) replaced
     * by {@value #REDACTED}; null stays null.
     */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        String[] vs = values;
        String out = text.indexOf("://") >= 0 ? redactUrlPasswords(text) : text;
        if (vs.length == 0) {
            return out;
        }
        for (String v : vs) {
            if (v.length() >= MIN_SEARCH_LENGTH && out.contains(v)) {
                out = out.replace(v, REDACTED);
            }
        }
        return out;
    }

    private static String redactUrlPasswords(String text) {
        Matcher m = URL_PASSWORD.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder sb = new StringBuilder();
        do {
            if (m.group(2).isEmpty()) {
                m.appendReplacement(sb, Matcher.quoteReplacement(m.group()));
            } else {
                m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + REDACTED + "@"));
            }
        } while (m.find());
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * Registers the password of a URL ({@code http://user:pass@host}) so that it is also found where it stands
     * alone; returns the URL as it may be shown ({@link #redact}).
     */
    public static String registerUrl(String url) {
        if (url == null) {
            return null;
        }
        Matcher m = URL_PASSWORD.matcher(url);
        while (m.find()) {
            register(m.group(2));
        }
        return redact(url);
    }

    /** An environment entry {@code NAME=value} as it may be shown: the value redacted when the name is secret. */
    public static String redactEnvEntry(String entry) {
        int eq = entry == null ? -1 : entry.indexOf('=');
        if (eq <= 0) {
            return redact(entry);
        }
        return entry.substring(0, eq + 1) + redactValue(entry.substring(0, eq), entry.substring(eq + 1));
    }

    /**
     * YAML text (a profile, a backend config) as it may be written: the value of every key that is a secret name
     * ({@code api_key: K}, {@code HF_TOKEN: K}, {@code Authorization: Bearer K}), of every secret flag in a list of
     * arguments ({@code - --api-key=K}, or {@code - --hf-token} and the item after it), of every such flag inside a
     * one-line argument string, then {@link #redact} over each line. Comments and layout are kept.
     */
    public static String redactYaml(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length());
        boolean hideNextItem = false;
        for (String line : text.split("\n", -1)) {
            String shown = line;
            Matcher item = YAML_ITEM.matcher(line);
            Matcher flag = YAML_FLAG_ITEM.matcher(line);
            Matcher entry = YAML_ENTRY.matcher(line);
            if (hideNextItem && item.matches()) {
                register(unquote(item.group(2)));
                shown = item.group(1) + REDACTED;
                hideNextItem = false;
            } else if (flag.matches()) {
                hideNextItem = false;
                if (isSecretName(flag.group(3))) {
                    if (flag.group(4) == null) {
                        hideNextItem = true;
                    } else {
                        register(unquote(flag.group(4).substring(1)));
                        shown = flag.group(1) + flag.group(2) + flag.group(3) + "=" + REDACTED + flag.group(2);
                    }
                }
            } else if (entry.matches()
                    && isSecretName(entry.group(3))
                    && !entry.group(5).startsWith("#")) {
                hideNextItem = false;
                register(unquote(entry.group(5)));
                shown = entry.group(1) + entry.group(2) + entry.group(3) + entry.group(2) + entry.group(4) + REDACTED;
            } else {
                hideNextItem = false;
                if (line.contains("--")) {
                    registerArgs(splitArgs(line.replaceAll("[\"'\\[\\],]", " ")));
                }
            }
            out.append(redact(shown)).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    private static String unquote(String v) {
        String s = v.strip();
        if (s.length() >= 2 && ((s.startsWith("\"") && s.endsWith("\"")) || (s.startsWith("'") && s.endsWith("'")))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static List<String> splitArgs(String value) {
        String v = value.strip();
        return v.isEmpty() ? List.of() : Arrays.asList(v.split("\\s+"));
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
        String nested = null;
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
            if (nested != null) {
                out.add(redactNested(nested, a));
                nested = null;
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
                if (ARGS_FLAGS.contains(name) || ENV_FLAGS.contains(name)) {
                    if (eq < 0) {
                        nested = name;
                        out.add(a);
                    } else {
                        out.add(name + "=" + redactNested(name, a.substring(eq + 1)));
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

    /** The value of a {@code --server-arg} (arguments in one string) or {@code --server-env} ({@code NAME=value}). */
    private static String redactNested(String flag, String value) {
        if (ENV_FLAGS.contains(flag)) {
            return redactEnvEntry(value);
        }
        return String.join(" ", redactArgs(splitArgs(value)));
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
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (w.equals("token")) {
                String next = i + 1 < words.length ? words[i + 1] : "";
                if (TOKEN_NOT_SECRET_BEFORE.contains(previous) || TOKEN_NOT_SECRET_AFTER.contains(next)) {
                    previous = w;
                    continue;
                }
            }
            if (SECRET_WORDS.contains(w) || (w.equals("key") && KEY_PREFIXES.contains(previous))) {
                return true;
            }
            if (w.equals("key") && (i + 1 == words.length || !KEY_NOT_SECRET_AFTER.contains(words[i + 1]))) {
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
