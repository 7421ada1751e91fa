package io.llmharness.tokenizer;

import java.util.Locale;

/**
 * Client-side token counts beside the server's {@code usage}, per request: how often they differ and by how much.
 * A server counts the EOS token it generated in {@code completion_tokens} while the text has none, so a client count
 * one below the server's on requests that stopped at EOS is expected; any larger or systematic difference means the
 * client's tokenizer is not the server's. Pure and allocation-free; not thread-safe (one per report).
 */
public final class TokenCountCheck {

    /** The server count of a request whose response had no {@code usage}. */
    public static final int NO_USAGE = -1;

    private long compared;
    private long mismatched;
    private long withoutUsage;
    private long sumDifference;
    private long maxAbsDifference;

    /**
     * Adds one request.
     *
     * @param client the client's count (tokens of the prompt or of the output text)
     * @param server the server's {@code usage} count, or {@link #NO_USAGE}
     */
    public void add(int client, int server) {
        if (server < 0) {
            withoutUsage++;
            return;
        }
        compared++;
        long difference = (long) client - server;
        if (difference != 0) {
            mismatched++;
        }
        sumDifference += difference;
        maxAbsDifference = Math.max(maxAbsDifference, Math.abs(difference));
    }

    /** The comparison of two parallel arrays of counts ({@code server[i]} may be {@link #NO_USAGE}). */
    public static Result compare(int[] client, int[] server) {
        if (client.length != server.length) {
            throw new IllegalArgumentException(
                    client.length + " client counts but " + server.length + " server counts");
        }
        TokenCountCheck check = new TokenCountCheck();
        for (int i = 0; i < client.length; i++) {
            check.add(client[i], server[i]);
        }
        return check.result();
    }

    /** What was added so far. */
    public Result result() {
        return new Result(compared, mismatched, withoutUsage, sumDifference, maxAbsDifference);
    }

    /**
     * Counts compared.
     *
     * @param compared requests with both counts
     * @param mismatched requests whose counts differ
     * @param withoutUsage requests whose response had no {@code usage} (not compared)
     * @param sumDifference sum of (client − server) over the compared requests, in tokens
     * @param maxAbsDifference the largest |client − server|, in tokens
     */
    public record Result(long compared, long mismatched, long withoutUsage, long sumDifference, long maxAbsDifference) {

        /** Mismatched / compared, in [0, 1]; NaN when nothing was compared. */
        public double mismatchRate() {
            return compared == 0 ? Double.NaN : (double) mismatched / compared;
        }

        /** Mean of (client − server) in tokens; NaN when nothing was compared. */
        public double meanDifference() {
            return compared == 0 ? Double.NaN : (double) sumDifference / compared;
        }

        /**
         * One line for the run's summary, e.g. {@code output tokens (client vs server usage): 3 of 200 requests
         * differ (1.50%), mean difference +0.02, largest 1}.
         */
        public String describe(String what) {
            String head = what + " (client vs server usage): ";
            String tail = withoutUsage == 0 ? "" : "; " + withoutUsage + " without usage";
            if (compared == 0) {
                return head + "nothing to compare" + tail;
            }
            return head
                    + String.format(
                            Locale.ROOT,
                            "%d of %d requests differ (%.2f%%), mean difference %+.2f, largest %d",
                            mismatched,
                            compared,
                            100 * mismatchRate(),
                            meanDifference(),
                            maxAbsDifference)
                    + tail;
        }
    }
}
