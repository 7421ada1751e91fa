package io.llmharness.k8s.cli;

import java.util.Map;

/**
 * One setting, taken as llm-d's {@code run.sh} takes it: the flag when given, else the first set environment
 * variable, else the default; {@link #from()} names where it came from for error messages.
 *
 * @param value the value (null only when there is no default)
 * @param from the flag, the variable, or {@code "the default"}
 */
record Pick(String value, String from) {

    static Pick of(String flagValue, String flag, Map<String, String> env, String dflt, String... vars) {
        if (flagValue != null) {
            return new Pick(flagValue, flag);
        }
        for (String v : vars) {
            String e = env.get(v);
            if (e != null && !e.isBlank()) {
                return new Pick(e.strip(), v);
            }
        }
        return new Pick(dflt, "the default");
    }

    /** Whether it was set by a flag or a variable rather than defaulted. */
    boolean given() {
        return !from.equals("the default");
    }

    /** {@code --flag value} or {@code VAR=value}, for messages. */
    String shown() {
        return from.startsWith("-") ? from + " " + value : from + "=" + value;
    }
}
