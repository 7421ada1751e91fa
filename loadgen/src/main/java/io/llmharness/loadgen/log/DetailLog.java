package io.llmharness.loadgen.log;

import io.llmharness.loadgen.clock.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Map;
import java.util.Optional;

/**
 * Writes {@code mlperf_log_detail.txt}: one {@code :::MLLOG} JSON line per event, with the C++ LoadGen's key
 * order and spacing. Counts errors and warnings for the summary footer. Thread-safe: completions may log
 * errors from any thread.
 */
public final class DetailLog {

    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final long PID = ProcessHandle.current().pid();

    private final Writer out;
    private final PrintStream copy;
    private final Clock clock;
    private final long originNanos;
    private long errors;
    private long warnings;
    private boolean finished;

    /**
     * @param out the detail file
     * @param copy where to copy each line (stdout when {@code copy_detail_to_stdout}), or null
     * @param clock time source; {@code time_ms} is measured from {@code originNanos}
     */
    public DetailLog(Writer out, PrintStream copy, Clock clock, long originNanos) {
        this.out = out;
        this.copy = copy;
        this.clock = clock;
        this.originNanos = originNanos;
    }

    /** A string value (JSON-escaped). */
    public void string(String key, String value) {
        write(key, LogText.quote(value), false, false);
    }

    /** A boolean value. */
    public void bool(String key, boolean value) {
        write(key, Boolean.toString(value), false, false);
    }

    /** A signed integer value. */
    public void integer(String key, long value) {
        write(key, Long.toString(value), false, false);
    }

    /** An unsigned 64-bit value (seeds, counts). */
    public void unsigned(String key, long value) {
        write(key, Long.toUnsignedString(value), false, false);
    }

    /** A double, printed like C {@code %g}. */
    public void number(String key, double value) {
        write(key, CFormat.g(value), false, false);
    }

    /** An index list, {@code [1,5,13]}. */
    public void indexList(String key, int[] values) {
        StringBuilder b = new StringBuilder(values.length * 6 + 2).append('[');
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(values[i]);
        }
        write(key, b.append(']').toString(), false, false);
    }

    /** A string map, {@code {"k":"v",...}}. */
    public void map(String key, Map<String, String> values) {
        StringBuilder b = new StringBuilder("{");
        values.forEach((k, v) -> {
            if (b.length() > 1) {
                b.append(',');
            }
            b.append(LogText.quote(k)).append(':').append(LogText.quote(v));
        });
        write(key, b.append('}').toString(), false, false);
    }

    /** An error line ({@code is_error: true}); counted for the summary footer. */
    public void error(String key, String message) {
        write(key, LogText.quote(message), true, false);
    }

    /** A warning line ({@code warning_generic_message}, {@code is_warning: true}); counted. */
    public void warning(String message) {
        write("warning_generic_message", LogText.quote(message), false, true);
    }

    /** Errors logged so far. */
    public synchronized long errorCount() {
        return errors;
    }

    /** Warnings logged so far. */
    public synchronized long warningCount() {
        return warnings;
    }

    private void write(String key, String value, boolean isError, boolean isWarning) {
        long t = Math.max(0, clock.nanoTime() - originNanos);
        StackWalker.StackFrame caller = caller();
        String line = ":::MLLOG {\"key\": " + LogText.quote(key) + ", \"value\": " + value + ", \"time_ms\": "
                + t / 1_000_000 + "."
                + pad6(t % 1_000_000)
                + ", \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": {"
                + "\"is_error\": " + isError + ", \"is_warning\": " + isWarning + ", \"file\": "
                + LogText.quote(caller == null ? "LoadGen.java" : String.valueOf(caller.getFileName()))
                + ", \"line_no\": "
                + (caller == null ? 0 : Math.max(0, caller.getLineNumber())) + ", \"pid\": " + PID + ", \"tid\": "
                + Thread.currentThread().threadId() + "}}\n";
        synchronized (this) {
            if (finished) {
                return;
            }
            if (isError) {
                errors++;
            }
            if (isWarning) {
                warnings++;
            }
            try {
                out.write(line);
                if (isError) {
                    out.flush();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the detail log", e);
            }
            if (copy != null) {
                copy.print(line);
            }
        }
    }

    private static String pad6(long v) {
        String s = Long.toString(v);
        return "000000".substring(s.length()) + s;
    }

    private static StackWalker.StackFrame caller() {
        Optional<StackWalker.StackFrame> f =
                WALKER.walk(frames -> frames.filter(x -> !x.getClassName().equals(DetailLog.class.getName()))
                        .findFirst());
        return f.orElse(null);
    }

    /** Flushes and stops accepting lines (late completions after the test must not fail). */
    public synchronized void finish() {
        flush();
        finished = true;
    }

    /** Flushes buffered lines. */
    public synchronized void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the detail log", e);
        }
    }
}
