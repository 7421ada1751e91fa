package io.llmharness.workload.nop;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * {@code categories.log}: the category tree for a person checking how each phase was found — title, process, start
 * and end time, elapsed seconds, the markers, and the lines that matched them (with line numbers).
 */
final class CategoriesLog {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private CategoriesLog() {}

    static String render(ServerLoad s, int categorizeFrom) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.name())
                .append(" — categories of ")
                .append(s.logName())
                .append(" (")
                .append(s.lineCount())
                .append(" lines");
        if (categorizeFrom > 0) {
            sb.append("; lines 1-").append(categorizeFrom).append(" are a pre-run and were skipped");
        }
        sb.append(")\n\n");
        render(sb, s.categories(), "");
        if (!s.missingCategories().isEmpty()) {
            sb.append("\nNot found (no start marker): ").append(String.join(", ", s.missingCategories()));
            sb.append(
                    s.debugLines()
                            ? "\n"
                            : "\n(the log has no DEBUG lines: start vLLM with VLLM_LOGGING_LEVEL=DEBUG)\n");
        }
        return sb.toString();
    }

    private static void render(StringBuilder sb, List<Category> categories, String indent) {
        for (Category c : categories) {
            sb.append(indent).append(c.title()).append('\n');
            String in = indent + "    ";
            sb.append(in)
                    .append("process: ")
                    .append(c.process() == null ? "-" : c.process().toString())
                    .append('\n');
            sb.append(in).append("start:   ").append(time(c.start())).append('\n');
            sb.append(in).append("end:     ").append(time(c.end())).append('\n');
            sb.append(in)
                    .append("elapsed: ")
                    .append(String.format(Locale.ROOT, "%.3f s", c.elapsedSeconds()))
                    .append('\n');
            if (c.rule() != null) {
                sb.append(in)
                        .append("start marker: ")
                        .append(c.rule().startText())
                        .append('\n');
                sb.append(in)
                        .append("end marker:   ")
                        .append(c.rule().endText())
                        .append('\n');
            }
            line(sb, in, "start line", c.startLine());
            line(sb, in, "end line", c.endLine());
            if (c.rule() != null && c.endLine() == null && c.error() == null) {
                sb.append(in).append("end line:   (no end marker after the start in the same process)\n");
            }
            if (c.error() != null) {
                sb.append(in).append("error: ").append(c.error()).append('\n');
            }
            render(sb, c.children(), in);
        }
    }

    private static void line(StringBuilder sb, String in, String label, LogLine l) {
        if (l != null) {
            sb.append(in)
                    .append(label)
                    .append(": ")
                    .append(l.number())
                    .append(": ")
                    .append(l.text().strip())
                    .append('\n');
        }
    }

    private static String time(LocalDateTime t) {
        return t == null ? "-" : TIME.format(t);
    }
}
