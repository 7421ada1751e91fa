package io.llmharness.client.transport;

/**
 * Requests in flight that have heard nothing from their server for a while, from {@link EventLoopState#silence}.
 *
 * @param count how many
 * @param oldestSentNs {@link System#nanoTime} when the oldest of them was sent (0 when none)
 * @param oldestUrl the server of the oldest (null when none)
 */
public record Silence(int count, long oldestSentNs, String oldestUrl) {

    /** No silent request. */
    public static final Silence NONE = new Silence(0, 0, null);

    /** Collects the silent requests of several event loops; thread-safe. */
    public static final class Builder {
        private int count;
        private long oldestSentNs;
        private String oldestUrl;

        /** One silent request. */
        public synchronized void add(long sentNs, String url) {
            if (count == 0 || sentNs - oldestSentNs < 0) {
                oldestSentNs = sentNs;
                oldestUrl = url;
            }
            count++;
        }

        /** What was added. */
        public synchronized Silence build() {
            return count == 0 ? NONE : new Silence(count, oldestSentNs, oldestUrl);
        }
    }
}
