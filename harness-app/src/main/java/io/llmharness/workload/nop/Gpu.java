package io.llmharness.workload.nop;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One GPU as the deployment's preprocess script describes it, between {@code --- gpu scenario start name: …} and
 * {@code --- gpu scenario end name: …} lines: {@code gpu_uuid='…' gpu_name='…' compute_cap='…'
 * persistence_mode='…'}. Fields a line does not carry are null.
 *
 * @param uuid {@code gpu_uuid}
 * @param name {@code gpu_name}
 * @param computeCap {@code compute_cap}
 * @param persistenceMode {@code persistence_mode}
 */
public record Gpu(String uuid, String name, String computeCap, String persistenceMode) {

    private static final String START = "--- gpu scenario start name:";
    private static final String END = "--- gpu scenario end name:";

    /** The GPUs of the last GPU scenario block in the log (the latest description wins, like the figures). */
    static List<Gpu> find(List<LogLine> lines) {
        List<Gpu> last = List.of();
        List<Gpu> current = null;
        for (LogLine line : lines) {
            String t = line.text();
            if (t.contains(START)) {
                current = new ArrayList<>();
            } else if (t.contains(END)) {
                if (current != null) {
                    last = List.copyOf(current);
                }
                current = null;
            } else if (current != null && t.contains("gpu_uuid=")) {
                current.add(new Gpu(
                        field(t, "gpu_uuid"),
                        field(t, "gpu_name"),
                        field(t, "compute_cap"),
                        field(t, "persistence_mode")));
            }
        }
        return last;
    }

    private static String field(String line, String key) {
        Matcher m = Pattern.compile("(?<![\\w])" + key + "='([^']*)'").matcher(line);
        return m.find() ? m.group(1) : null;
    }
}
