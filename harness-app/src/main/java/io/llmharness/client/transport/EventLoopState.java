package io.llmharness.client.transport;

import io.llmharness.client.record.Outcome;
import io.vertx.core.Context;
import java.util.Arrays;

/**
 * State owned by one event-loop context: its active exchanges (for the timeout sweep and for cancellation) and a
 * scratch buffer for copying received bytes. Only touched on that context's thread, so it needs no locks.
 */
public final class EventLoopState {

    private final Context context;
    private final int index;
    private final long sweepPeriodMs;
    private HttpExchange[] active = new HttpExchange[64];
    private int count;
    private long timerId = -1;
    private byte[] scratch = new byte[16 * 1024];
    private boolean closed;

    /**
     * @param context the event-loop context every exchange of this state runs on
     * @param index its position among the client's loops: the home its requests prefer in a {@link ConnectionPool}
     */
    public EventLoopState(Context context, int index, TransportOptions options) {
        this.context = context;
        this.index = index;
        this.sweepPeriodMs = Math.max(5, Math.min(250, options.shortestTimeoutMs() / 4));
    }

    /** The context this state belongs to. */
    public Context context() {
        return context;
    }

    /** Position among the client's loops (a connection pool's home). */
    public int index() {
        return index;
    }

    /** Requests in progress on this loop. Only meaningful on the loop's thread. */
    int activeCount() {
        return count;
    }

    void register(HttpExchange x) {
        if (count == active.length) {
            active = Arrays.copyOf(active, count * 2);
        }
        x.slot = count;
        active[count++] = x;
        if (timerId < 0 && !closed) {
            timerId = context.owner().setPeriodic(sweepPeriodMs, id -> sweep());
        }
    }

    void unregister(HttpExchange x) {
        int s = x.slot;
        if (s < 0 || s >= count || active[s] != x) {
            return;
        }
        HttpExchange last = active[--count];
        active[s] = last;
        last.slot = s;
        active[count] = null;
        x.slot = -1;
    }

    /** A buffer of at least {@code n} bytes, reused by every exchange of this loop. */
    byte[] scratch(int n) {
        if (scratch.length < n) {
            scratch = new byte[Math.max(n, scratch.length * 2)];
        }
        return scratch;
    }

    private void sweep() {
        long now = System.nanoTime();
        for (int i = count - 1; i >= 0; i--) {
            if (i < count) {
                active[i].checkTimeouts(now);
            }
        }
    }

    /**
     * Adds this loop's exchanges that have heard nothing from their server for at least {@code minSilentNs} (no
     * headers since the request was sent, or no bytes of the body since the last ones) to {@code into}. A scan of the
     * active exchanges, for a periodic check: call on the loop's context.
     */
    public void silence(long nowNs, long minSilentNs, Silence.Builder into) {
        for (int i = 0; i < count; i++) {
            HttpExchange x = active[i];
            long since = x.silentSinceNs();
            if (since > 0 && nowNs - since >= minSilentNs) {
                into.add(x.sentNs(), x.endpoint().url().display());
            }
        }
    }

    /** Cancels every active exchange of this loop. Call on the loop's context. */
    public void cancelAll(String reason) {
        while (count > 0) {
            active[count - 1].abort(new Outcome.Cancelled(reason));
        }
    }

    /** Cancels everything and stops the sweep. Call on the loop's context. */
    public void close(String reason) {
        closed = true;
        cancelAll(reason);
        if (timerId >= 0) {
            context.owner().cancelTimer(timerId);
            timerId = -1;
        }
    }
}
