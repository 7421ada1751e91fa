package io.llmharness.cli.loadgen;

import io.llmharness.loadgen.IssueListener;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Records LoadGen's scheduled and actual issue time of every query (primitive buffers, cheap on the issue
 * path) and writes {@code schedule_delay.tsv}; {@link #percentile} summarises the schedule delay
 * (issued - scheduled).
 */
final class ScheduleLog implements IssueListener {

    private long[] scheduled = new long[1 << 16];
    private long[] issued = new long[1 << 16];
    private int count;
    private long start;

    @Override
    public void runStarted(long startNanos) {
        start = startNanos;
    }

    @Override
    public synchronized void queryIssued(long scheduledNanos, long issuedNanos, int samples) {
        if (count == scheduled.length) {
            scheduled = Arrays.copyOf(scheduled, count * 2);
            issued = Arrays.copyOf(issued, count * 2);
        }
        scheduled[count] = scheduledNanos - start;
        issued[count] = issuedNanos - start;
        count++;
    }

    synchronized int count() {
        return count;
    }

    /** Delay at percentile {@code p} (nearest rank, like LoadGen), in ns; 0 when nothing was issued. */
    synchronized long percentile(double p) {
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

    synchronized void write(Path file) {
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
