package io.llmharness.loadgen.log;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Writes {@code mlperf_log_accuracy.json}: a JSON array with one object per line, fields separated by
 * {@code ", "} and {@code " : "}, as the MLCommons compliance scripts expect.
 */
public final class AccuracyLog {

    private final Writer out;
    private boolean needsComma;
    private long entries;
    private boolean finished;

    /** Starts the array. */
    public AccuracyLog(Writer out) {
        this.out = out;
        write("[");
    }

    /**
     * Adds one response.
     *
     * @param tokenData token mode, non-Offline: the first-token bytes ({@code token_data}); null otherwise
     * @param tokenCount token mode: the response's {@code n_tokens}; null when not in token mode
     */
    public synchronized void entry(long seqId, long qslIndex, byte[] data, byte[] tokenData, Long tokenCount) {
        if (finished) {
            return;
        }
        StringBuilder b = new StringBuilder(64 + data.length * 2);
        b.append(needsComma ? ",\n{ " : "\n{ ");
        b.append("\"seq_id\" : ").append(Long.toUnsignedString(seqId));
        b.append(", \"qsl_idx\" : ").append(qslIndex);
        b.append(", \"data\" : \"");
        LogText.appendHex(b, data);
        b.append('"');
        if (tokenData != null) {
            b.append(", \"token_data\" : \"");
            LogText.appendHex(b, tokenData);
            b.append('"');
        }
        if (tokenCount != null) {
            b.append(", \"token_count\" : ").append(tokenCount);
        }
        b.append(" }");
        needsComma = true;
        entries++;
        write(b.toString());
    }

    /** Number of entries written. */
    public synchronized long entries() {
        return entries;
    }

    /** Ends the array ({@code \n]\n}). */
    public synchronized void finish() {
        write("\n]\n");
        finished = true;
    }

    private void write(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the accuracy log", e);
        }
    }
}
