package io.llmharness.workload.template;

import io.llmharness.error.HarnessException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code REPLACE_ENV_<NAME>} substitution as llm-d-benchmark's {@code render_template} does it: every token on a
 * line that does not start with {@code #} is replaced, textually and without quoting, by the value of the
 * environment variable {@code <NAME>}; an unset or empty variable takes the token's {@code ++++default=<value>}
 * suffix, and without one it is an error. The token pattern is greedy ({@code REPLACE_ENV_[A-Za-z0-9_]+}), so a
 * token that is a prefix of a longer one is never clobbered. Finally {@code REPLACE_COMMA} becomes {@code ,}.
 *
 * <p>Comment lines are left as they are (llm-d deletes comments from the rendered file; keeping them changes
 * nothing a YAML reader sees and keeps the profile's documentation in the run directory).
 */
public final class EnvTemplate {

    /** A token with its optional default; group 1 = variable name, group 3 = default value. */
    static final Pattern TOKEN = Pattern.compile("REPLACE_ENV_([A-Za-z0-9_]+)(\\+\\+\\+\\+default=([^ \"]*))?");

    private EnvTemplate() {}

    /**
     * Renders a template.
     *
     * @param text the template text
     * @param env the environment to take values from
     * @param file the template's name, for the error message
     * @return the rendered text and the variables used
     * @throws HarnessException (config) naming the variable and the file when a variable is missing
     */
    public static Result render(String text, Map<String, String> env, String file) {
        Set<String> used = new LinkedHashSet<>();
        StringBuilder out = new StringBuilder(text.length());
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (lineNo > 1) {
                out.append('\n');
            }
            if (line.startsWith("#")) {
                out.append(line);
                continue;
            }
            Matcher m = TOKEN.matcher(line);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                String name = m.group(1);
                String value = env.get(name);
                if (value == null || value.isEmpty()) {
                    value = m.group(2) != null ? m.group(3) : null;
                }
                if (value == null) {
                    throw HarnessException.config(file + ": line " + lineNo + ": REPLACE_ENV_" + name
                            + " needs the environment variable " + name + ", which is not set (export " + name
                            + "=..., or give the token a default: REPLACE_ENV_" + name + "++++default=<value>)");
                }
                used.add(name);
                m.appendReplacement(sb, Matcher.quoteReplacement(value));
            }
            m.appendTail(sb);
            out.append(sb.toString().replace("REPLACE_COMMA", ","));
        }
        return new Result(out.toString(), Set.copyOf(used));
    }

    /** The names of the variables a template refers to (on non-comment lines), in order of appearance. */
    public static Set<String> variables(String text) {
        Set<String> names = new LinkedHashSet<>();
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("#")) {
                continue;
            }
            Matcher m = TOKEN.matcher(line);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /**
     * A rendered template.
     *
     * @param text the rendered text
     * @param variables the environment variables that were substituted
     */
    public record Result(String text, Set<String> variables) {}
}
