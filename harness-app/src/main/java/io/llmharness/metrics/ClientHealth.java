package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.health.ClientSamples;
import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Whether the client kept up during a measured window: {@link Verdict#OK}, or {@link Verdict#CLIENT_LIMITED} with
 * one reason per broken {@link HealthThresholds threshold} (e.g. {@code event loop lag p99 38 ms > 2 ms}). Built
 * from the window's request records (what the client did) and a {@link ClientSamples} (how the process fared);
 * immutable, no I/O.
 *
 * @param verdict ok or client-limited
 * @param reasons why client-limited, in a fixed order; empty when ok
 * @param requests requests in the window
 * @param scheduleDelay issued − scheduled over every request (ns)
 * @param connectionWait connected − dispatched over requests that got a connection (ns)
 * @param capWaits requests that waited because the connection cap was reached
 * @param capWait their wait in the client's queue, dispatched − issued (ns)
 * @param inFlightPeak most requests in progress at once (from the records)
 * @param samples the process-side figures
 * @param thresholds the limits applied
 */
public record ClientHealth(
        Verdict verdict,
        List<String> reasons,
        long requests,
        Distribution scheduleDelay,
        Distribution connectionWait,
        long capWaits,
        Distribution capWait,
        int inFlightPeak,
        ClientSamples samples,
        HealthThresholds thresholds) {

    /** The verdict. */
    public enum Verdict {
        /** Every figure within its threshold: the numbers are the server's. */
        OK,
        /** The client (its schedule, pool, event loop, GC or CPU) shaped the numbers. */
        CLIENT_LIMITED;

        /** {@code ok} or {@code client-limited}, as summary.json and the terminal write it. */
        public String text() {
            return this == OK ? "ok" : "client-limited";
        }
    }

    public ClientHealth {
        reasons = List.copyOf(reasons);
    }

    /** Whether the verdict is ok. */
    public boolean ok() {
        return verdict == Verdict.OK;
    }

    /**
     * Evaluates a window.
     *
     * @param records the requests of the window
     * @param samples what the sampler saw over the same window
     */
    public static ClientHealth evaluate(List<RequestRecord> records, ClientSamples samples, HealthThresholds t) {
        Histogram schedule = Distribution.newHistogram();
        Histogram pool = Distribution.newHistogram();
        Histogram cap = Distribution.newHistogram();
        long capWaits = 0;
        for (RequestRecord r : records) {
            record(schedule, r.scheduleDelayNs());
            record(pool, r.poolWaitNs());
            if (r.clientWait() == ClientWait.CONNECTION_CAP) {
                capWaits++;
                record(cap, r.queueWaitNs());
            }
        }
        Distribution sd = Distribution.of(schedule);
        Distribution cw = Distribution.of(pool);
        Distribution qw = Distribution.of(cap);
        Distribution lag = Distribution.of(samples.loopLags());
        List<String> reasons = new ArrayList<>();
        if (capWaits > 0 || (samples.capKind() == ClientWait.CONNECTION_CAP && samples.capWaits() > 0)) {
            long n = Math.max(capWaits, samples.capWaits());
            reasons.add(String.format(
                    Locale.ROOT,
                    "connection cap reached: %d requests waited for one of %d connections (wait p99 %s)",
                    n,
                    samples.inFlightCap(),
                    ms(qw.p99())));
        }
        over(reasons, "schedule delay p99", sd, t.scheduleDelayP99Ns());
        over(reasons, "connection wait p99", cw, t.connectionWaitP99Ns());
        over(reasons, "event loop lag p99", lag, t.loopLagP99Ns());
        long gcMaxNs = samples.gcPauseMaxMs() * 1_000_000L;
        if (gcMaxNs > t.gcPauseMaxNs()) {
            reasons.add("GC pause max " + ms(gcMaxNs) + " > " + ms(t.gcPauseMaxNs()));
        }
        double gcShare = samples.windowNs() > 0 ? samples.gcPauseTotalMs() * 1e6 / samples.windowNs() : 0;
        if (gcShare > t.gcPauseShare()) {
            reasons.add(String.format(
                    Locale.ROOT, "GC pauses %.1f%% of the window > %.1f%%", gcShare * 100, t.gcPauseShare() * 100));
        }
        double cores = samples.cpuCores();
        if (!Double.isNaN(cores) && cores >= t.cpuShare() * samples.availableCores()) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "CPU %.2f of %d core%s >= %.0f%%",
                    cores,
                    samples.availableCores(),
                    samples.availableCores() == 1 ? "" : "s",
                    t.cpuShare() * 100));
        }
        return new ClientHealth(
                reasons.isEmpty() ? Verdict.OK : Verdict.CLIENT_LIMITED,
                reasons,
                records.size(),
                sd,
                cw,
                capWaits,
                qw,
                inFlightPeak(records),
                samples,
                t);
    }

    /** Most requests between dispatch and done at any moment (requests missing either time are left out). */
    public static int inFlightPeak(List<RequestRecord> records) {
        long[] starts = new long[records.size()];
        long[] ends = new long[records.size()];
        int n = 0;
        for (RequestRecord r : records) {
            if (r.dispatchedNs() != ABSENT && r.doneNs() != ABSENT) {
                starts[n] = r.dispatchedNs();
                ends[n] = r.doneNs();
                n++;
            }
        }
        Arrays.sort(starts, 0, n);
        Arrays.sort(ends, 0, n);
        int peak = 0;
        int open = 0;
        int e = 0;
        for (int s = 0; s < n; s++) {
            while (e < n && ends[e] <= starts[s]) {
                e++;
                open--;
            }
            open++;
            peak = Math.max(peak, open);
        }
        return peak;
    }

    /**
     * This verdict with more reasons found by another judge of the same window (a trace replay's schedule lag,
     * {@link ScheduleFidelity}): client-limited when either is.
     */
    public ClientHealth withReasons(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(reasons);
        all.addAll(more);
        return new ClientHealth(
                Verdict.CLIENT_LIMITED,
                all,
                requests,
                scheduleDelay,
                connectionWait,
                capWaits,
                capWait,
                inFlightPeak,
                samples,
                thresholds);
    }

    /** The verdict and its reasons on one line, e.g. {@code client-limited: schedule delay p99 5.8 ms > 2 ms}. */
    public String line() {
        return ok() ? verdict.text() : verdict.text() + ": " + String.join("; ", reasons);
    }

    private static void over(List<String> reasons, String what, Distribution d, long limitNs) {
        if (!d.isEmpty() && d.p99() > limitNs) {
            reasons.add(what + " " + ms(d.p99()) + " > " + ms(limitNs));
        }
    }

    private static void record(Histogram h, long v) {
        if (v != ABSENT) {
            h.recordValue(Math.max(0, v));
        }
    }

    /** A duration for a reason: {@code 38 ms}, {@code 5.8 ms}, {@code 0.42 ms}. */
    static String ms(long ns) {
        double ms = ns / 1e6;
        String f = ms >= 100 ? "%.0f" : ms >= 1 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, f + " ms", ms);
    }
}
