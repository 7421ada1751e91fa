package io.llmharness.simulator.output;

import java.util.List;

/**
 * Stop-string handling as a server's output processor does it: text that could be the beginning of a stop string
 * is held back until it is clear whether the stop string follows, so the streamed text never contains (part of) a
 * stop string that then gets removed. Not thread-safe; one per sequence.
 */
public final class StopMatcher {
    private final List<String> stops;
    private final boolean includeStop;
    private String pending = "";
    private String matched;

    public StopMatcher(List<String> stops, boolean includeStop) {
        this.stops = stops;
        this.includeStop = includeStop;
    }

    /** The stop string that ended the output, or null. */
    public String matched() {
        return matched;
    }

    /**
     * Adds newly decoded text and returns the text that may be released now. After a match the returned text ends
     * right before the stop string (or after it when it is included) and {@link #matched()} is set.
     *
     * @param matchStops false before {@code min_tokens} were generated: no stop string may end the output yet
     */
    public String feed(String text, boolean matchStops) {
        if (stops.isEmpty() || matched != null) {
            return matched != null ? "" : text;
        }
        String buf = pending.isEmpty() ? text : pending + text;
        if (!matchStops) {
            pending = "";
            return buf;
        }
        int best = -1;
        String hit = null;
        for (String s : stops) {
            int at = buf.indexOf(s);
            if (at >= 0 && (best < 0 || at < best)) {
                best = at;
                hit = s;
            }
        }
        if (hit != null) {
            matched = hit;
            pending = "";
            return buf.substring(0, includeStop ? best + hit.length() : best);
        }
        int hold = heldSuffix(buf);
        pending = buf.substring(buf.length() - hold);
        return buf.substring(0, buf.length() - hold);
    }

    /** Releases held-back text when the output ends for another reason. */
    public String flush() {
        String out = pending;
        pending = "";
        return out;
    }

    private int heldSuffix(String buf) {
        int hold = 0;
        for (String s : stops) {
            int max = Math.min(s.length() - 1, buf.length());
            for (int len = max; len > hold; len--) {
                if (buf.regionMatches(buf.length() - len, s, 0, len)) {
                    hold = len;
                    break;
                }
            }
        }
        return hold;
    }
}
