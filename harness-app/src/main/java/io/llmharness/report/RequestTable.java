package io.llmharness.report;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.RequestMetrics;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The layout of the per-request tables, one row per request, shared by requests.csv and requests.parquet.
 *
 * <p>Milestones ({@code *_ns}) are nanoseconds relative to the run start (the snapshot's nano anchor) and may be
 * negative for a request scheduled before it; {@code scheduled_at} is the absolute ISO-8601 UTC time of
 * {@code scheduled_ns}. Derived metrics ({@code *_ms}) come from {@link RequestMetrics}, in milliseconds, and are
 * filled for failed requests too where defined. A null cell means "absent" or "unknown".
 */
final class RequestTable {

    /** Column types, as DuckDB names them. */
    enum Type {
        BIGINT,
        INTEGER,
        BOOLEAN,
        VARCHAR,
        /** A duration held as nanoseconds (Long) and written as milliseconds. */
        DOUBLE_MS,
        /** Chunk arrival times: BIGINT[] in Parquet, space-separated in CSV. */
        BIGINT_LIST;

        String sql() {
            return switch (this) {
                case DOUBLE_MS -> "DOUBLE";
                case BIGINT_LIST -> "BIGINT[]";
                default -> name();
            };
        }
    }

    /** One request with what its cells need: the snapshot (for the anchor) and its outcome fields. */
    record Row(RequestRecord r, RecordSnapshot s, OutcomeFields o) {
        Row(RequestRecord r, RecordSnapshot s) {
            this(r, s, OutcomeFields.of(r.outcome()));
        }
    }

    /** A value of one column for one request. */
    interface Cell {
        Object of(Row row);
    }

    /** One column: name, type, and how a record fills it. */
    record Column(String name, Type type, Cell cell) {}

    /** The last column, added later: tables written before it lack it, and readers accept that. */
    static final String CLIENT_WAIT = "client_wait";

    /** The columns, in file order. */
    static final List<Column> COLUMNS;

    static {
        List<Column> c = new ArrayList<>();
        c.add(new Column("request_id", Type.BIGINT, x -> x.r().requestId()));
        c.add(new Column("endpoint", Type.INTEGER, x -> x.r().endpoint()));
        c.add(new Column("endpoint_url", Type.VARCHAR, x -> x.r().endpointUrl()));
        c.add(new Column("sample_index", Type.BIGINT, x -> x.r().sampleIndex()));
        c.add(new Column("prompt_count", Type.INTEGER, x -> x.r().promptCount()));
        c.add(new Column("stream", Type.BOOLEAN, x -> x.r().stream()));
        c.add(new Column("scheduled_at", Type.VARCHAR, x -> SummaryJson.iso(x.s().toInstant(x.r().scheduledNs()))));
        milestone(c, "scheduled_ns", RequestRecord::scheduledNs);
        milestone(c, "issued_ns", RequestRecord::issuedNs);
        milestone(c, "dispatched_ns", RequestRecord::dispatchedNs);
        milestone(c, "connected_ns", RequestRecord::connectedNs);
        milestone(c, "sent_ns", RequestRecord::sentNs);
        milestone(c, "headers_ns", RequestRecord::headersNs);
        milestone(c, "role_ns", RequestRecord::roleNs);
        milestone(c, "first_token_ns", RequestRecord::firstTokenNs);
        milestone(c, "last_token_ns", RequestRecord::lastTokenNs);
        milestone(c, "done_ns", RequestRecord::doneNs);
        derived(c, "ttft_ms", RequestMetrics::ttftNs);
        derived(c, "ttft_from_send_ms", RequestMetrics::ttftFromSendNs);
        derived(c, "e2e_latency_ms", RequestMetrics::e2eNs);
        derived(c, "e2e_latency_from_send_ms", RequestMetrics::e2eFromSendNs);
        derived(c, "tpot_ms", RequestMetrics::tpotNs);
        derived(c, "ntpot_ms", RequestMetrics::ntpotNs);
        derived(c, "time_per_request_ms", RequestMetrics::timePerRequestNs);
        derived(c, "schedule_delay_ms", RequestMetrics::scheduleDelayNs);
        derived(c, "connection_wait_ms", RequestMetrics::connectionWaitNs);
        derived(c, "mean_chunk_gap_ms", RequestMetrics::meanChunkGapNs);
        c.add(new Column("chunks", Type.INTEGER, x -> x.r().chunks()));
        c.add(new Column("max_chunk_gap_ns", Type.BIGINT, x -> x.r().maxGapNs()));
        c.add(new Column("input_tokens", Type.BIGINT, x -> known(x.r().inputTokens())));
        c.add(new Column("output_tokens", Type.BIGINT, x -> known(x.r().outputTokens())));
        c.add(new Column("output_token_source", Type.VARCHAR, x -> name(x.r().outputTokenSource())));
        c.add(new Column("http_status", Type.INTEGER, x -> x.r().httpStatus()));
        c.add(new Column("retries", Type.INTEGER, x -> x.r().retries()));
        c.add(new Column("outcome", Type.VARCHAR, x -> x.r().outcome().kind().name()));
        c.add(new Column("error", Type.VARCHAR, x -> x.o().error()));
        c.add(new Column("error_detail", Type.VARCHAR, x -> x.o().detail()));
        c.add(new Column("error_type", Type.VARCHAR, x -> x.o().type()));
        c.add(new Column("error_status", Type.INTEGER, x -> x.o().status()));
        c.add(new Column("mid_stream", Type.BOOLEAN, x -> x.o().midStream()));
        c.add(new Column("connect_failure", Type.BOOLEAN, x -> x.o().connectFailure()));
        c.add(new Column("timeout_phase", Type.VARCHAR, x -> name(x.o().timeoutPhase())));
        c.add(new Column("timeout_ms", Type.BIGINT, x -> x.o().timeoutMs()));
        c.add(new Column("chunk_times_ns", Type.BIGINT_LIST, x -> relative(x.r().chunkTimesNs(), x.s().nanoAnchor())));
        c.add(new Column(CLIENT_WAIT, Type.VARCHAR, x -> clientWait(x.r().clientWait())));
        COLUMNS = Collections.unmodifiableList(c);
    }

    private RequestTable() {}

    private static void milestone(List<Column> c, String name, ToLongFunction<RequestRecord> t) {
        c.add(new Column(name, Type.BIGINT, x -> relative(t.applyAsLong(x.r()), x.s().nanoAnchor())));
    }

    private static void derived(List<Column> c, String name, ToLongFunction<RequestRecord> ns) {
        c.add(new Column(name, Type.DOUBLE_MS, x -> {
            long v = ns.applyAsLong(x.r());
            return v == ABSENT ? null : v;
        }));
    }

    private static Long relative(long t, long anchor) {
        return t == ABSENT ? null : t - anchor;
    }

    private static long[] relative(long[] times, long anchor) {
        if (times == null) {
            return null;
        }
        long[] out = new long[times.length];
        for (int i = 0; i < times.length; i++) {
            out[i] = times[i] - anchor;
        }
        return out;
    }

    private static String clientWait(ClientWait w) {
        return w == ClientWait.NONE ? null : w.key();
    }

    /** The wait a {@code client_wait} cell names (null or empty = none). */
    static ClientWait clientWait(String cell) {
        if (cell == null || cell.isEmpty()) {
            return ClientWait.NONE;
        }
        return ClientWait.valueOf(cell.toUpperCase(java.util.Locale.ROOT));
    }

    private static Long known(long count) {
        return count < 0 ? null : count;
    }

    private static String name(Enum<?> e) {
        return e == null ? null : e.name();
    }

    /** The values of one row, in column order. */
    static Object[] row(RequestRecord r, RecordSnapshot s) {
        Row row = new Row(r, s);
        Object[] out = new Object[COLUMNS.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = COLUMNS.get(i).cell().of(row);
        }
        return out;
    }

    /** DuckDB's {@code columns} argument of {@code read_csv}: name → type, with lists read as text. */
    static String csvColumnTypes() {
        return csvColumnTypes(true);
    }

    /** As {@link #csvColumnTypes()}, with or without the last column, {@code client_wait}. */
    static String csvColumnTypes(boolean withClientWait) {
        StringBuilder sb = new StringBuilder("{");
        for (Column c : COLUMNS) {
            if (!withClientWait && c.name().equals(CLIENT_WAIT)) {
                continue;
            }
            if (sb.length() > 1) {
                sb.append(", ");
            }
            String type = c.type() == Type.BIGINT_LIST ? "VARCHAR" : c.type().sql();
            sb.append('\'').append(c.name()).append("': '").append(type).append('\'');
        }
        return sb.append('}').toString();
    }
}
