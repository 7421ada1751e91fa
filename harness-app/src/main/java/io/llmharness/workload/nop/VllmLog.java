package io.llmharness.workload.nop;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A vLLM server log split into timed, process-tagged lines. vLLM's timestamps carry no year: the caller gives the
 * year of the first line, and a timestamp that goes back by months (December to January) moves to the next year.
 */
public final class VllmLog {

    private static final Pattern TIMESTAMP =
            Pattern.compile("(?<!\\d)(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,6}))?(?!\\d)");
    private static final Pattern SERIALIZATION_END = Pattern.compile("End model \\S.* serialization");
    private static final String UVICORN = "Uvicorn running";
    private static final Pattern STARTUP = Pattern.compile("vLLM API server version|No plugins for group");

    private final List<LogLine> lines;
    private final int categorizeFrom;

    private VllmLog(List<LogLine> lines, int categorizeFrom) {
        this.lines = List.copyOf(lines);
        this.categorizeFrom = categorizeFrom;
    }

    /** Parses the lines of a log whose first timed line is in {@code year}. */
    public static VllmLog parse(List<String> text, int year) {
        List<LogLine> out = new ArrayList<>(text.size());
        LocalDateTime previous = null;
        int y = year;
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i);
            LocalDateTime time = timestamp(line, y);
            if (time != null && previous != null && time.isBefore(previous.minusDays(180))) {
                y++;
                time = time.plusYears(1);
            }
            if (time != null) {
                previous = time;
            }
            out.add(new LogLine(i + 1, line, time, ProcessTag.of(line)));
        }
        return new VllmLog(out, categorizeFrom(out));
    }

    /** All lines, in file order. */
    public List<LogLine> lines() {
        return lines;
    }

    /**
     * Index of the first line the categories are looked for in. A pre-run before the measured server start — the
     * tensorizer pre-serialisation ending in {@code End model <model> serialization}, or a first server that reached
     * {@code Uvicorn running} and was followed by another start-up — is skipped up to and including that line. A
     * plain log of one start-up is categorised from its first line.
     */
    public int categorizeFrom() {
        return categorizeFrom;
    }

    /** The timed lines' first timestamp, or null. */
    public LocalDateTime firstTime() {
        return lines.stream()
                .map(LogLine::time)
                .filter(t -> t != null)
                .findFirst()
                .orElse(null);
    }

    /** True when at least one line was logged at DEBUG level (needed for some categories). */
    public boolean hasDebugLines() {
        return lines.stream().anyMatch(l -> l.text().contains("DEBUG "));
    }

    private static int categorizeFrom(List<LogLine> lines) {
        for (LogLine l : lines) {
            if (SERIALIZATION_END.matcher(l.text()).find()) {
                return l.number();
            }
        }
        for (LogLine l : lines) {
            if (l.text().contains(UVICORN)) {
                boolean restarted = lines.subList(l.number(), lines.size()).stream()
                        .anyMatch(later -> STARTUP.matcher(later.text()).find());
                return restarted ? l.number() : 0;
            }
        }
        return 0;
    }

    /** The first {@code MM-DD HH:MM:SS[.fraction]} on the line, in {@code year}; null when there is none. */
    static LocalDateTime timestamp(String line, int year) {
        Matcher m = TIMESTAMP.matcher(line);
        while (m.find()) {
            try {
                LocalDateTime t = LocalDateTime.of(
                        year,
                        Integer.parseInt(m.group(1)),
                        Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)),
                        Integer.parseInt(m.group(5)));
                String fraction = m.group(6);
                if (fraction != null) {
                    t = t.plusNanos(Long.parseLong((fraction + "000000000").substring(0, 9)));
                }
                return t;
            } catch (DateTimeException e) {
                // digits that look like a timestamp but are not one (13-45 ...): keep looking
            }
        }
        return null;
    }
}
