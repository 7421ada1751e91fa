package io.llmharness.loadgen.log;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Writes {@code mlperf_log_trace.json} in Chrome trace-event format: per sample an async begin/end pair from
 * its scheduled time to its completion, and for Server a {@code Latency} counter splitting issue delay from
 * service time (the same events the C++ LoadGen traces per sample; its internal scoped timers are not
 * reproduced). No checker reads this file. When tracing is off, nothing is written and the file stays empty.
 */
public final class TraceLog {

    private static final long PID = ProcessHandle.current().pid();

    private final Writer out;
    private final long originNanos;
    private final long originEpochNanos;
    private boolean finished;

    /**
     * @param out the trace file, or null to trace nothing
     * @param originNanos monotonic time that {@code ts} values count from
     * @param originEpochNanos the same instant on the wall clock (recorded in {@code otherData})
     */
    public TraceLog(Writer out, long originNanos, long originEpochNanos) {
        this.out = out;
        this.originNanos = originNanos;
        this.originEpochNanos = originEpochNanos;
        if (out != null) {
            write("{\"traceEvents\":[\n");
        }
    }

    /** Whether events are recorded at all. */
    public boolean enabled() {
        return out != null;
    }

    /** A sample's lifetime: async begin at its scheduled time, end at completion. */
    public synchronized void sample(
            String name,
            long seqId,
            long queryId,
            long qslIndex,
            long scheduledNanos,
            long issuedNanos,
            long completeNanos) {
        if (out == null || finished) {
            return;
        }
        write("{\"name\":\"" + name + "\",\"cat\":\"default\",\"ph\":\"b\",\"pid\":" + PID + ",\"id\":" + seqId
                + ",\"ts\":"
                + micros(scheduledNanos - originNanos) + ",\"args\":{\"sample_seq\":" + seqId + ",\"query_seq\":"
                + queryId
                + ",\"sample_idx\":" + qslIndex + ",\"issue_start_ns\":" + (issuedNanos - scheduledNanos)
                + ",\"complete_ns\":"
                + (completeNanos - scheduledNanos) + "}},\n");
        write("{\"name\":\"" + name + "\",\"cat\":\"default\",\"ph\":\"e\", \"pid\":" + PID + ",\"id\":" + seqId
                + ",\"ts\":" + micros(completeNanos - originNanos) + "},\n");
    }

    /** Server: a counter event at the scheduled time with the issue delay and the issue-to-done time. */
    public synchronized void latencyCounter(String name, long scheduledNanos, long issuedNanos, long completeNanos) {
        if (out == null || finished) {
            return;
        }
        write("{\"name\":\"" + name + "\",\"ph\": \"C\",\"pid\":" + PID + ",\"ts\":"
                + micros(scheduledNanos - originNanos)
                + ",\"args\":{ \"issue_delay\":" + (issuedNanos - scheduledNanos) + ",\"issue_to_done\":"
                + (completeNanos - issuedNanos) + "}},\n");
    }

    /** Closes the event list. */
    public synchronized void finish() {
        if (out == null || finished) {
            return;
        }
        finished = true;
        write("{\"name\":\"LastTrace\"}\n],\n\"displayTimeUnit\":\"ns\",\n\"otherData\":{\n\"ts\":"
                + micros(originEpochNanos) + ",\n\"version\":\"MLPerf LoadGen v1.0\"\n}\n}\n");
    }

    /** ns as microseconds with three decimals (exact: integer arithmetic). */
    static String micros(long nanos) {
        String sign = nanos < 0 ? "-" : "";
        long a = Math.abs(nanos);
        long frac = a % 1000;
        return sign + a / 1000 + "." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + frac;
    }

    private void write(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the trace log", e);
        }
    }
}
