package io.llmharness.workload.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads BurstGPT CSV ({@code Timestamp} in s from the trace start, {@code Model}, {@code Request tokens},
 * {@code Response tokens}, {@code Total tokens}, {@code Log Type}). Rows with 0 response tokens are requests that
 * failed in the source; they are skipped and counted, as are rows the model and log-type filters leave out.
 */
final class BurstGptReader {

    static final String TIMESTAMP = "Timestamp";
    static final String MODEL = "Model";
    static final String REQUEST = "Request tokens";
    static final String RESPONSE = "Response tokens";
    static final String LOG_TYPE = "Log Type";

    private BurstGptReader() {}

    static TraceReaders.Rows read(Path file, TraceReadOptions options) throws IOException {
        Set<String> models = lower(options.models());
        Set<String> logTypes = lower(options.logTypes());
        List<TraceRequest> rows = new ArrayList<>();
        long[] state = {Long.MIN_VALUE, 0}; // last offset, its line
        Map<String, Long> skipped = new LinkedHashMap<>();
        TraceCsv.read(file, TraceFormat.BURSTGPT, List.of(TIMESTAMP, REQUEST, RESPONSE), row -> {
            String ts = row.required(TIMESTAMP);
            double s = row.number(TIMESTAMP, ts);
            if (s < 0) {
                throw TraceErrors.row(file, row.line(), "'Timestamp' is negative (" + ts + "); seconds are >= 0");
            }
            long t = Math.round(s * 1e9);
            if (t < state[0]) {
                throw TraceErrors.row(
                        file,
                        row.line(),
                        "Timestamp goes backwards (before the row on line " + state[1]
                                + "); sort the rows by Timestamp");
            }
            state[0] = t;
            state[1] = row.line();
            int request = row.count(REQUEST);
            int response = row.count(RESPONSE);
            String why = response == 0
                    ? Trace.SKIPPED_FAILED
                    : !matches(models, row.optional(MODEL))
                            ? Trace.SKIPPED_MODEL
                            : !matches(logTypes, row.optional(LOG_TYPE)) ? Trace.SKIPPED_LOG_TYPE : null;
            if (why != null) {
                skipped.merge(why, 1L, Long::sum);
                return;
            }
            rows.add(TraceRequest.of(row.line(), t, request, response));
        });
        return new TraceReaders.Rows(rows, skipped);
    }

    private static boolean matches(Set<String> wanted, String value) {
        return wanted.isEmpty() || (value != null && wanted.contains(value.toLowerCase(Locale.ROOT)));
    }

    private static Set<String> lower(Set<String> names) {
        return names.stream().map(n -> n.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    }
}
