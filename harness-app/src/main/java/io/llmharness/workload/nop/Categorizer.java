package io.llmharness.workload.nop;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds the start-up phases ({@link CategoryRule#VLLM}) in a log. Lines are grouped per process (untagged lines form
 * a group of their own), groups in order of first appearance. A phase starts at the first line matching its start
 * marker (markers tried in order, each across all groups) and ends at the first line matching its end marker at or
 * after the start in the same process; an end marker only in another process makes the phase an error. Sub-phases
 * are matched within their parent's lines. Between consecutive phases with a positive time gap an
 * {@code Uncategorized} phase is inserted.
 */
final class Categorizer {

    private Categorizer() {}

    static List<Category> categorize(VllmLog log) {
        Collection<List<LogLine>> groups =
                groups(log.lines().subList(log.categorizeFrom(), log.lines().size()));
        List<Category> found = new ArrayList<>();
        for (CategoryRule rule : CategoryRule.VLLM) {
            match(rule, groups).ifPresent(found::add);
        }
        found.sort(Comparator.comparing(Category::start, Comparator.nullsLast(Comparator.naturalOrder())));
        return withGaps(found);
    }

    private static Collection<List<LogLine>> groups(List<LogLine> lines) {
        Map<ProcessTag, List<LogLine>> groups = new LinkedHashMap<>();
        for (LogLine l : lines) {
            groups.computeIfAbsent(l.process(), k -> new ArrayList<>()).add(l);
        }
        return groups.values();
    }

    private static Optional<Category> match(CategoryRule rule, Collection<List<LogLine>> groups) {
        for (Pattern start : rule.starts()) {
            for (List<LogLine> group : groups) {
                int s = indexOf(group, start, 0, group.size());
                if (s >= 0) {
                    return Optional.of(measure(rule, group, s, group.size(), groups));
                }
            }
        }
        return Optional.empty();
    }

    private static Category measure(
            CategoryRule rule, List<LogLine> group, int s, int limit, Collection<List<LogLine>> groups) {
        LogLine startLine = group.get(s);
        LocalDateTime start = timeFrom(group, s, limit);
        int e = indexOf(group, rule.end(), s, limit);
        if (e < 0) {
            LogLine elsewhere = groups == null ? null : endElsewhere(rule.end(), groups, group, startLine.number());
            String error = elsewhere == null
                    ? null
                    : "starts in " + describe(startLine.process()) + " (line " + startLine.number()
                            + ") but its end marker is in " + describe(elsewhere.process()) + " (line "
                            + elsewhere.number() + ")";
            return new Category(
                    rule.title(), startLine.process(), startLine, null, start, null, List.of(), error, rule);
        }
        List<Category> children = new ArrayList<>();
        for (CategoryRule child : rule.children()) {
            childMatch(child, group, s, e + 1).ifPresent(children::add);
        }
        return new Category(
                rule.title(),
                startLine.process(),
                startLine,
                group.get(e),
                start,
                timeFrom(group, e, group.size()),
                children,
                null,
                rule);
    }

    private static Optional<Category> childMatch(CategoryRule rule, List<LogLine> group, int from, int to) {
        for (Pattern start : rule.starts()) {
            int s = indexOf(group, start, from, to);
            if (s >= 0) {
                return Optional.of(measure(rule, group, s, to, null));
            }
        }
        return Optional.empty();
    }

    private static LogLine endElsewhere(
            Pattern end, Collection<List<LogLine>> groups, List<LogLine> own, int afterLine) {
        for (List<LogLine> g : groups) {
            if (g == own) {
                continue;
            }
            for (LogLine l : g) {
                if (l.number() >= afterLine && end.matcher(l.text()).find()) {
                    return l;
                }
            }
        }
        return null;
    }

    private static int indexOf(List<LogLine> group, Pattern p, int from, int to) {
        for (int i = from; i < to; i++) {
            if (p.matcher(group.get(i).text()).find()) {
                return i;
            }
        }
        return -1;
    }

    /** The time of line {@code i}, or of the next timed line of the group before {@code limit}. */
    private static LocalDateTime timeFrom(List<LogLine> group, int i, int limit) {
        for (int j = i; j < limit; j++) {
            if (group.get(j).time() != null) {
                return group.get(j).time();
            }
        }
        return null;
    }

    private static List<Category> withGaps(List<Category> sorted) {
        List<Category> out = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            Category c = sorted.get(i);
            if (i > 0) {
                Category prev = sorted.get(i - 1);
                if (prev.end() != null && c.start() != null && c.start().isAfter(prev.end())) {
                    out.add(new Category(
                            CategoryRule.UNCATEGORIZED,
                            null,
                            null,
                            null,
                            prev.end(),
                            c.start(),
                            List.of(),
                            null,
                            null));
                }
            }
            out.add(c);
        }
        return out;
    }

    static String describe(ProcessTag p) {
        return p == null ? "untagged lines" : "process " + p;
    }
}
