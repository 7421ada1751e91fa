package io.llmharness.simulator.timing;

import java.util.Arrays;

/**
 * Server-side ground truth of one request, in {@link System#nanoTime()} units: arrival, response headers written,
 * every chunk written (with how many output tokens it carried) and the end of the response. For non-streaming
 * requests the events are the times the engine produced each token. Written by the request's event loop; read by
 * the debug endpoint from any thread (all methods synchronized, uncontended in practice).
 */
public final class Timeline {
    private final String id;
    private final String requestId;
    private final boolean stream;
    private final long arrivalNanos;
    private final int promptTokens;
    private long headersNanos = -1;
    private long doneNanos = -1;
    private int status;
    private long[] times = new long[32];
    private int[] tokens = new int[32];
    private int[] choices = new int[32];
    private int count;

    /**
     * @param promptTokens prompt tokens over all prompts of the request (media placeholders included): lets a test
     *     attribute a record to its request when the client sends no per-request id
     */
    public Timeline(String id, String requestId, boolean stream, long arrivalNanos, int promptTokens) {
        this.id = id;
        this.requestId = requestId;
        this.stream = stream;
        this.arrivalNanos = arrivalNanos;
        this.promptTokens = promptTokens;
    }

    public String id() {
        return id;
    }

    public String requestId() {
        return requestId;
    }

    public boolean stream() {
        return stream;
    }

    public long arrivalNanos() {
        return arrivalNanos;
    }

    public int promptTokens() {
        return promptTokens;
    }

    public synchronized void onHeaders(long nanos, int status) {
        if (headersNanos < 0) {
            headersNanos = nanos;
            this.status = status;
        }
    }

    /** A chunk (or token) for choice {@code choice} carrying {@code tokenCount} output tokens was emitted. */
    public synchronized void onEvent(long nanos, int choice, int tokenCount) {
        if (count == times.length) {
            times = Arrays.copyOf(times, count * 2);
            tokens = Arrays.copyOf(tokens, count * 2);
            choices = Arrays.copyOf(choices, count * 2);
        }
        times[count] = nanos;
        tokens[count] = tokenCount;
        choices[count] = choice;
        count++;
    }

    public synchronized void onDone(long nanos, int status) {
        doneNanos = nanos;
        if (this.status == 0) {
            this.status = status;
        }
    }

    public synchronized long headersNanos() {
        return headersNanos;
    }

    public synchronized long doneNanos() {
        return doneNanos;
    }

    public synchronized int status() {
        return status;
    }

    /** A consistent copy of the events: {times, tokens, choices}. */
    public synchronized Events events() {
        return new Events(Arrays.copyOf(times, count), Arrays.copyOf(tokens, count), Arrays.copyOf(choices, count));
    }

    /** Snapshot of emitted events. */
    public record Events(long[] times, int[] tokens, int[] choices) {}
}
