package io.llmharness.workload.nop;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The process a vLLM log line comes from: the last parenthesised group with {@code pid=} on the line, e.g.
 * {@code (EngineCore_0 pid=123)} or {@code (VllmWorker rank=1 pid=456)}.
 *
 * @param name the text before {@code pid=} ({@code EngineCore_0}, {@code VllmWorker rank=1})
 * @param pid the process id
 */
public record ProcessTag(String name, long pid) {

    private static final Pattern TAG = Pattern.compile("\\(([^()]*?)\\s*pid=(\\d{1,10})\\)");

    /** The tag of {@code line}, or null when it has none. */
    static ProcessTag of(String line) {
        if (line.indexOf("pid=") < 0) {
            return null;
        }
        Matcher m = TAG.matcher(line);
        ProcessTag last = null;
        while (m.find()) {
            last = new ProcessTag(m.group(1).strip(), Long.parseLong(m.group(2)));
        }
        return last;
    }

    @Override
    public String toString() {
        return name + " pid=" + pid;
    }
}
