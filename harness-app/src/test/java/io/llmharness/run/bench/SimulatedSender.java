package io.llmharness.run.bench;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.loadgen.clock.VirtualClock;
import java.util.HashMap;
import java.util.Map;

/**
 * A server on a {@link VirtualClock} for scheduler tests: every request takes {@code ttftNs} to its first token and
 * {@code itlNs} per further token of its {@code max_tokens}; it tracks the most requests in flight at once.
 */
final class SimulatedSender implements RequestSender {

    private final VirtualClock clock;
    private final long ttftNs;
    private final long itlNs;
    private final Map<Long, Runnable> pending = new HashMap<>();
    private int inFlight;
    int maxInFlight;
    int submitted;
    /** What {@link #prepareConnections} was asked for, in order. */
    final java.util.List<Integer> prepared = new java.util.ArrayList<>();
    /** How often {@link #forgetWarmup} was called. */
    int forgotten;

    SimulatedSender(VirtualClock clock, long ttftNs, long itlNs) {
        this.clock = clock;
        this.ttftNs = ttftNs;
        this.itlNs = itlNs;
    }

    @Override
    public void submit(Submission s, Completion done) {
        inFlight++;
        submitted++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        int tokens = Math.max(1, s.request().maxTokens());
        long start = clock.nanoTime();
        long first = start + ttftNs;
        long end = first + itlNs * (tokens - 1);
        long id = submitted;
        Runnable finish = () -> {
            if (pending.remove(id) != null) {
                inFlight--;
                done.done(record(s, start, first, end, tokens, Outcome.OK), "x".repeat(tokens));
            }
        };
        pending.put(id, () -> {
            inFlight--;
            done.done(record(s, start, -1, clock.nanoTime(), 0, new Outcome.Cancelled("stop")), null);
        });
        clock.schedule(end, finish);
    }

    @Override
    public int prepareConnections(int perServer) {
        prepared.add(perServer);
        return perServer;
    }

    @Override
    public void forgetWarmup() {
        forgotten++;
    }

    @Override
    public void shutdown(String reason) {
        for (Runnable r : Map.copyOf(pending).values()) {
            r.run();
        }
        pending.clear();
    }

    static RequestRecord record(Submission s, long sent, long first, long done, int tokens, Outcome outcome) {
        long[] chunks = new long[tokens];
        for (int i = 0; i < tokens; i++) {
            chunks[i] = first + (tokens > 1 ? (done - first) * i / (tokens - 1) : 0);
        }
        boolean ok = outcome.isOk();
        return new RequestRecord(
                s.runIndex(),
                0,
                "sim",
                s.runIndex(),
                1,
                s.stream(),
                s.scheduledNs(),
                s.issuedNs(),
                s.issuedNs(),
                sent,
                sent,
                ok ? first : RequestRecord.ABSENT,
                RequestRecord.ABSENT,
                ok ? first : RequestRecord.ABSENT,
                ok ? done : RequestRecord.ABSENT,
                done,
                ok ? tokens : 0,
                0,
                ok ? 100 : -1,
                ok ? tokens : -1,
                ok ? TokenCountSource.SERVER_USAGE : TokenCountSource.NONE,
                ok ? 200 : 0,
                0,
                outcome,
                ok ? chunks : null);
    }
}
