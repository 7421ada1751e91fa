package io.llmharness.workload.trace;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes rows as Mooncake JSONL, one object a line: {@code timestamp} (ms, exact to the ns as a decimal),
 * {@code input_length}, {@code output_length}, {@code hash_ids}, and {@code session_id} / {@code delay} /
 * {@code text_input} when a row has them. {@link TraceReaders} reads the file back to the same rows.
 */
public final class MooncakeWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private MooncakeWriter() {}

    /** Writes {@code rows} to {@code file} (replaced). */
    public static void write(List<TraceRequest> rows, Path file) throws IOException {
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            write(rows, w);
        }
    }

    /** Writes {@code rows} to {@code w}. */
    public static void write(List<TraceRequest> rows, Writer w) throws IOException {
        for (TraceRequest r : rows) {
            try (JsonGenerator g = JSON.createGenerator(new NonClosing(w))) {
                g.writeStartObject();
                if (r.sessionId() != null) {
                    g.writeStringField("session_id", r.sessionId());
                }
                if (r.offsetNs() >= 0) {
                    g.writeFieldName("timestamp");
                    g.writeNumber(ms(r.offsetNs()));
                }
                if (r.delayNs() >= 0) {
                    g.writeFieldName("delay");
                    g.writeNumber(ms(r.delayNs()));
                }
                if (r.inputLength() >= 0) {
                    g.writeNumberField("input_length", r.inputLength());
                }
                g.writeNumberField("output_length", r.outputLength());
                g.writeArrayFieldStart("hash_ids");
                for (int id : r.hashIds()) {
                    g.writeNumber(id);
                }
                g.writeEndArray();
                if (r.text() != null) {
                    g.writeStringField("text_input", r.text());
                }
                g.writeEndObject();
            }
            w.write('\n');
        }
    }

    /** Nanoseconds as milliseconds, exact: 1500000 → 1.5, 2000000 → 2. */
    static BigDecimal ms(long ns) {
        BigDecimal d = BigDecimal.valueOf(ns, 6).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    /** Lets each row's generator flush into the shared writer without closing it. */
    private static final class NonClosing extends java.io.FilterWriter {
        NonClosing(Writer w) {
            super(w);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
