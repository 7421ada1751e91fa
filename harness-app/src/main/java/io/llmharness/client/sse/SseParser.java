package io.llmharness.client.sse;

import java.util.Arrays;

/**
 * Incremental parser for a {@code text/event-stream} body, fed arbitrary byte slices.
 *
 * <p>Follows the SSE line rules: lines end with LF, CR or CRLF (also when the CR and the LF arrive in different
 * slices); a blank line dispatches the event; lines starting with {@code :} are comments; {@code data:} may be
 * followed by one optional space; several {@code data} lines are joined with {@code \n}; other fields
 * ({@code event}, {@code id}, {@code retry}, unknown names) are ignored. An event whose data is exactly
 * {@code [DONE]} ends the stream: {@link SseHandler#onDone()} is called and every later byte is ignored. An
 * unterminated event at the end of the input is dropped, as the SSE specification says.
 *
 * <p>Not thread-safe: one instance per response, fed from one thread. An event whose single {@code data} line and
 * terminating blank line arrive in one slice is handed over in place; buffers for lines and events that span slices
 * are allocated on first need and reused, so a steady stream allocates nothing.
 */
public final class SseParser {

    private static final byte[] DONE = {'[', 'D', 'O', 'N', 'E', ']'};
    private static final byte[] DATA = {'d', 'a', 't', 'a'};

    private final SseHandler handler;
    private final int maxEventBytes;

    /** Bytes of the current line when it spans several slices; allocated on first need. */
    private byte[] line;

    private int lineLen;
    /** Data of the current event when it had to be copied; allocated on first need. */
    private byte[] data;

    private int dataLen;
    private boolean hasData;
    /**
     * The current event's data is one {@code data} line still in the caller's slice (or in {@link #line}) at
     * {@link #directOff}: it is handed over from there when the blank line follows in the same slice, and copied
     * to {@link #data} only when the event continues past the slice. Most events arrive whole, so most are never
     * copied.
     */
    private byte[] direct;

    private int directOff;
    /** The previous slice ended with CR: an LF at the start of the next one belongs to the same line end. */
    private boolean skipLf;

    private boolean done;
    private long events;

    /**
     * @param handler receives the events
     * @param maxEventBytes largest accepted line and largest accepted event data, in bytes
     */
    public SseParser(SseHandler handler, int maxEventBytes) {
        if (maxEventBytes <= 0) {
            throw new IllegalArgumentException("maxEventBytes must be > 0");
        }
        this.handler = handler;
        this.maxEventBytes = maxEventBytes;
    }

    /**
     * Consumes a slice of the body.
     *
     * @throws StreamLimitException when a line or an event exceeds {@code maxEventBytes}
     */
    public void feed(byte[] buf, int off, int len) {
        int end = off + len;
        int i = off;
        if (skipLf && i < end) {
            skipLf = false;
            if (buf[i] == '\n') {
                i++;
            }
        }
        while (i < end && !done) {
            int eol = findEol(buf, i, end);
            if (eol < 0) {
                appendLine(buf, i, end - i);
                keepDirect();
                return;
            }
            if (lineLen == 0) {
                processLine(buf, i, eol - i);
            } else {
                appendLine(buf, i, eol - i);
                processLine(line, 0, lineLen);
                lineLen = 0;
            }
            if (buf[eol] == '\r') {
                if (eol + 1 < end) {
                    i = buf[eol + 1] == '\n' ? eol + 2 : eol + 1;
                } else {
                    skipLf = true;
                    i = eol + 1;
                }
            } else {
                i = eol + 1;
            }
        }
        keepDirect();
    }

    /** Whether {@code data: [DONE]} has been read. */
    public boolean isDone() {
        return done;
    }

    /** Number of events dispatched so far (not counting {@code [DONE]}). */
    public long eventCount() {
        return events;
    }

    private static int findEol(byte[] buf, int from, int end) {
        return Bytes.indexOfLineEnd(buf, from, end);
    }

    private void appendLine(byte[] buf, int off, int len) {
        int need = lineLen + len;
        if (need > maxEventBytes) {
            throw new StreamLimitException("SSE line", "maxEventBytes", maxEventBytes);
        }
        if (direct != null && direct == line) {
            keepDirect();
        }
        if (line == null) {
            line = new byte[Math.min(maxEventBytes, Math.max(need, 256))];
        } else if (need > line.length) {
            line = Arrays.copyOf(line, Math.min(maxEventBytes, Math.max(need, line.length * 2)));
        }
        System.arraycopy(buf, off, line, lineLen, len);
        lineLen = need;
    }

    private void processLine(byte[] buf, int off, int len) {
        if (len == 0) {
            dispatch();
            return;
        }
        if (buf[off] == ':') {
            return;
        }
        int colon = -1;
        for (int i = off; i < off + len; i++) {
            if (buf[i] == ':') {
                colon = i;
                break;
            }
        }
        int nameEnd = colon < 0 ? off + len : colon;
        if (!isData(buf, off, nameEnd - off)) {
            return;
        }
        int valueStart = colon < 0 ? off + len : colon + 1;
        if (valueStart < off + len && buf[valueStart] == ' ') {
            valueStart++;
        }
        appendData(buf, valueStart, off + len - valueStart);
    }

    private static boolean isData(byte[] buf, int off, int len) {
        return len == DATA.length && Arrays.equals(buf, off, off + len, DATA, 0, DATA.length);
    }

    private void appendData(byte[] buf, int off, int len) {
        int sep = hasData ? 1 : 0;
        int need = dataLen + sep + len;
        if (need > maxEventBytes) {
            throw new StreamLimitException("SSE event", "maxEventBytes", maxEventBytes);
        }
        if (!hasData) {
            direct = buf;
            directOff = off;
            dataLen = len;
            hasData = true;
            return;
        }
        keepDirect();
        ensureData(need);
        if (hasData) {
            data[dataLen] = '\n';
        }
        System.arraycopy(buf, off, data, dataLen + sep, len);
        dataLen = need;
        hasData = true;
    }

    /** Copies an event's data still held in place to {@link #data}: the slice it lies in is about to go. */
    private void keepDirect() {
        byte[] src = direct;
        if (src == null) {
            return;
        }
        direct = null;
        ensureData(dataLen);
        System.arraycopy(src, directOff, data, 0, dataLen);
    }

    private void ensureData(int need) {
        if (data == null) {
            data = new byte[Math.min(maxEventBytes, Math.max(need, 1024))];
        } else if (need > data.length) {
            data = Arrays.copyOf(data, Math.min(maxEventBytes, Math.max(need, data.length * 2)));
        }
    }

    private void dispatch() {
        if (!hasData) {
            return;
        }
        int len = dataLen;
        byte[] src = direct == null ? data : direct;
        int off = direct == null ? 0 : directOff;
        hasData = false;
        dataLen = 0;
        direct = null;
        if (len == DONE.length && Arrays.equals(src, off, off + len, DONE, 0, DONE.length)) {
            done = true;
            handler.onDone();
            return;
        }
        events++;
        handler.onData(src, off, len);
    }
}
