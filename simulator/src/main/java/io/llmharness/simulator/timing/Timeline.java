package io.llmharness.simulator.timing;

import java.util.Arrays;

/**
 * Server-side ground truth of one request, in {@link System#nanoTime()} units: arrival, response headers written,
 * every chunk written (with how many output tokens it carried) and the end of the response, with whether it ran to
 * its end or who cut it short. For non-streaming requests the events are the times the engine produced each token.
 * Written by the request's event loop; read by the debug endpoint from any thread (all methods synchronized,
 * uncontended in practice).
 */
public final class Timeline {
    /** Who cut a request short. */
    public enum Abort {
        /** The client closed the connection before the response ended. */
        CLIENT,
        /** The simulator ended the request early: shutdown, simulated crash or an injected fault. */
        SERVER;

        /** The name in the {@code /sim/timings} record. */
        public String wire() {
            return this == CLIENT ? "client" : "server";
        }
    }

    private final String id;
    private final String requestId;
    private final boolean stream;
    private final long arrivalNanos;
    private final int promptTokens;
    private long headersNanos = -1;
    private long doneNanos = -1;
    private boolean complete;
    private Abort abortedBy;
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

    /** The response was written to its end (the whole stream or body, or an error response) with {@code status}. */
    public synchronized void onDone(long nanos, int status) {
        if (doneNanos >= 0) {
            return;
        }
        doneNanos = nanos;
        complete = true;
        if (this.status == 0) {
            this.status = status;
        }
    }

    /** The connection ended before the response did, because of {@code by}. */
    public synchronized void onCut(long nanos, Abort by) {
        if (doneNanos >= 0) {
            return;
        }
        doneNanos = nanos;
        onAborted(by);
        if (status == 0) {
            status = -1;
        }
    }

    /**
     * Generation was cut short by {@code by}, even if the response still ends properly (a shutdown ends streams with
     * {@code finish_reason: "abort"}; an {@code error-after} fault with an error event). The first cause is kept.
     */
    public synchronized void onAborted(Abort by) {
        if (abortedBy == null) {
            abortedBy = by;
        }
    }

    public synchronized long headersNanos() {
        return headersNanos;
    }

    public synchronized long doneNanos() {
        return doneNanos;
    }

    /** The HTTP status sent: 0 while nothing was sent, -1 when the connection ended before any status. */
    public synchronized int status() {
        return status;
    }

    /** Whether the response was written to its end; false while in progress and when the connection ended first. */
    public synchronized boolean complete() {
        return complete;
    }

    /** Who cut the request short, or null (ran to its end, or still running). */
    public synchronized Abort abortedBy() {
        return abortedBy;
    }

    /** A consistent copy of the events: {times, tokens, choices}. */
    public synchronized Events events() {
        return new Events(Arrays.copyOf(times, count), Arrays.copyOf(tokens, count), Arrays.copyOf(choices, count));
    }

    /** Snapshot of emitted events. */
    public record Events(long[] times, int[] tokens, int[] choices) {}
}
