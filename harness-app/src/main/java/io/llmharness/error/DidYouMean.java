package io.llmharness.error;

import io.llmharness.loadgen.config.EditDistance;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Suggests the closest known name for a misspelt one (edit distance, case-insensitive), for the "did you
 * mean" part of one-line error messages about config keys, flags, columns and file names.
 */
public final class DidYouMean {

    private DidYouMean() {}

    /** The closest candidate within a distance that still looks like a typo, if any. */
    public static Optional<String> closest(String input, Collection<String> candidates) {
        String in = input.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(in, c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        int limit = Math.max(2, in.length() / 3);
        return bestDistance <= limit ? Optional.ofNullable(best) : Optional.empty();
    }

    /** {@code "; did you mean 'x'?"}, or an empty string when nothing is close. */
    public static String hint(String input, Collection<String> candidates) {
        return closest(input, candidates)
                .map(c -> "; did you mean '" + c + "'?")
                .orElse("");
    }

    /** Levenshtein distance between two strings (case-sensitive). */
    public static int distance(String a, String b) {
        return EditDistance.between(a, b);
    }
}
