package io.llmharness.loadgen.selftest;

import io.llmharness.loadgen.IssuedQuery;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Records LoadGen's scheduled and actual issue time of every query, relative to the start of its run, in
 * primitive buffers (cheap on the issue path), and writes {@code schedule_delay.tsv}; {@link #percentile}
 * summarises the schedule delay (issued - scheduled). Thread-safe: several issue threads may record.
 */
public final class ScheduleLog {

    private long[] scheduled = new long[1 << 16];
    private long[] issued = new long[1 << 16];
    private int count;

    /** Records every query of one issueQuery call (several when Server coalesced them). */
    public synchronized void record(IssuedQuery query) {
        long start = query.runStartNanos();
        for (int q = 0; q < query.queryCount(); q++) {
            if (count == scheduled.length) {
                scheduled = Arrays.copyOf(scheduled, count * 2);
                issued = Arrays.copyOf(issued, count * 2);
            }
            scheduled[count] = query.queryScheduledNanos(q) - start;
            issued[count] = query.issuedNanos() - start;
            count++;
        }
    }

    /** Number of queries recorded. */
    public synchronized int count() {
        return count;
    }

    /** Delay at percentile {@code p} (nearest rank, like LoadGen), in ns; 0 when nothing was issued. */
    public synchronized long percentile(double p) {
        if (count == 0) {
            return 0;
        }
        long[] d = new long[count];
        for (int i = 0; i < count; i++) {
            d[i] = issued[i] - scheduled[i];
        }
        Arrays.sort(d);
        return d[(int) Math.min(count - 1, (long) (count * p))];
    }

    /**
     * Writes {@code schedule_delay.tsv}: one row per query in issue order, times in ns after the run start.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public synchronized void write(Path file) {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("# query_no\tscheduled_ns\tissued_ns\tdelay_ns\n");
            for (int i = 0; i < count; i++) {
                out.write(i + "\t" + scheduled[i] + "\t" + issued[i] + "\t" + (issued[i] - scheduled[i]) + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
