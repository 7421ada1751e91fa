package io.llmharness.workload.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the Azure LLM inference trace CSV ({@code TIMESTAMP,ContextTokens,GeneratedTokens}), the format
 * inference-perf calls {@code AzurePublicDataset}. {@code TIMESTAMP} is a date and time such as
 * {@code 2023-11-16 18:15:46.6805900}: UTC unless it carries an offset, with up to 9 fraction digits, all kept
 * (inference-perf cuts the fraction to 2 digits, 10 ms; we keep the recorded schedule to the 100 ns the trace has).
 */
final class AzureReader {

    static final String TIMESTAMP = "TIMESTAMP";
    static final String CONTEXT = "ContextTokens";
    static final String GENERATED = "GeneratedTokens";

    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd")
            .optionalStart()
            .appendLiteral(' ')
            .optionalEnd()
            .optionalStart()
            .appendLiteral('T')
            .optionalEnd()
            .appendPattern("HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
            .optionalEnd()
            .optionalStart()
            .appendOffset("+HH:mm", "Z")
            .optionalEnd()
            .toFormatter();

    private AzureReader() {}

    /** Rows in file order, offsets as ns since the epoch. */
    static List<TraceRequest> read(Path file) throws IOException {
        List<TraceRequest> rows = new ArrayList<>();
        long[] last = {Long.MIN_VALUE, 0};
        TraceCsv.read(file, TraceFormat.AZURE, List.of(TIMESTAMP, CONTEXT, GENERATED), row -> {
            long t = epochNs(row);
            if (t < last[0]) {
                throw TraceErrors.row(
                        file,
                        row.line(),
                        "TIMESTAMP goes backwards (before the row on line " + last[1]
                                + "); sort the rows by TIMESTAMP");
            }
            last[0] = t;
            last[1] = row.line();
            rows.add(TraceRequest.of(row.line(), t, row.count(CONTEXT), row.count(GENERATED)));
        });
        return rows;
    }

    /** The row's TIMESTAMP as ns since the epoch. */
    static long epochNs(TraceCsv.Row row) {
        String v = row.required(TIMESTAMP);
        try {
            TemporalAccessor t = TIME.parse(v);
            ZoneOffset zone = t.isSupported(ChronoField.OFFSET_SECONDS)
                    ? ZoneOffset.ofTotalSeconds(t.get(ChronoField.OFFSET_SECONDS))
                    : ZoneOffset.UTC;
            LocalDateTime local = LocalDateTime.from(t);
            return Math.addExact(Math.multiplyExact(local.toEpochSecond(zone), 1_000_000_000L), local.getNano());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw TraceErrors.row(
                    row.file(),
                    row.line(),
                    "TIMESTAMP '" + v + "' is not a date and time like 2023-11-16 18:15:46.6805900");
        }
    }
}
