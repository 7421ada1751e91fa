package io.llmharness.workload.nop;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds each {@link Scalar} in a log, searching from the last line backwards (the latest value wins). */
final class ScalarSearch {

    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])-?\\d+(?:\\.\\d+)?");

    private ScalarSearch() {}

    /** The figures found in {@code lines}; absent ones are missing from the map. */
    static Map<Scalar, Double> find(List<LogLine> lines) {
        Map<Scalar, Double> out = new EnumMap<>(Scalar.class);
        for (Scalar s : Scalar.values()) {
            for (int i = lines.size() - 1; i >= 0; i--) {
                String text = lines.get(i).text();
                if (s.matches(text)) {
                    Double v = number(text, s.numbersFrom(text), s.index());
                    if (v != null) {
                        out.put(s, v);
                        break;
                    }
                }
            }
        }
        return out;
    }

    /** The {@code index}-th number in {@code text} from {@code from} on, or null. */
    static Double number(String text, int from, int index) {
        if (from < 0) {
            return null;
        }
        Matcher m = NUMBER.matcher(text);
        m.region(from, text.length());
        m.useTransparentBounds(true);
        for (int i = 0; m.find(); i++) {
            if (i == index) {
                return Double.parseDouble(m.group());
            }
        }
        return null;
    }
}
