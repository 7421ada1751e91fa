package io.llmharness.metrics;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The harness's own verdict on failures, beside the load generator's: a run whose share of failed units (MLPerf
 * samples, workload requests) is above {@code maxFailureRate} is {@code FAILED-SAMPLES} ({@code FAILED-REQUESTS}
 * for requests), however good its latencies look — failed requests answer fast and would flatter them. With
 * {@code maxFailureRate} 0 any failure fails the run (MLPerf mode's rule). Pure: no I/O, no clock.
 *
 * @param unit what is counted, plural: {@code samples} or {@code requests}
 * @param issued units issued
 * @param failed units that failed
 * @param maxFailureRate the share (0–1) of failed units allowed; 0 = none
 * @param byKind failed units per kind of failure ({@link #kind(Outcome)}), most frequent first
 */
public record FailureVerdict(String unit, long issued, long failed, double maxFailureRate, Map<String, Long> byKind) {

    /** The verdict when the failures stay within the allowed share. */
    public static final String OK = "OK";

    public FailureVerdict {
        if (issued < 0 || failed < 0 || !(maxFailureRate >= 0 && maxFailureRate <= 1)) {
            throw new IllegalArgumentException("issued and failed must be >= 0, maxFailureRate in 0..1");
        }
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(byKind.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Long> m = new LinkedHashMap<>();
        sorted.forEach(e -> m.put(e.getKey(), e.getValue()));
        byKind = Collections.unmodifiableMap(m);
    }

    /**
     * The verdict over a run's records.
     *
     * @param unit {@code samples} or {@code requests}
     * @param issued units issued (the load generator's count)
     * @param failed units that failed (the load generator's count)
     * @param records the run's requests; failed ones give the kinds
     * @param weight units per request ({@link RequestRecord#promptCount()} for MLPerf samples, 1 for requests)
     * @param maxFailureRate the allowed share of failed units
     */
    public static FailureVerdict of(
            String unit,
            long issued,
            long failed,
            List<RequestRecord> records,
            ToLongFunction<RequestRecord> weight,
            double maxFailureRate) {
        Map<String, Long> kinds = new LinkedHashMap<>();
        for (RequestRecord r : records) {
            if (!r.outcome().isOk()) {
                kinds.merge(kind(r.outcome()), weight.applyAsLong(r), Long::sum);
            }
        }
        return new FailureVerdict(unit, issued, failed, maxFailureRate, kinds);
    }

    /** Failed units / issued units; 0 when nothing was issued. */
    public double rate() {
        return issued == 0 ? 0 : (double) failed / issued;
    }

    /** Whether the failures fail the run: any failure above the allowed share (with share 0: any failure). */
    public boolean failedRun() {
        return failed > 0 && rate() > maxFailureRate;
    }

    /** {@code FAILED-SAMPLES} (or {@code FAILED-REQUESTS}) or {@link #OK}. */
    public String verdict() {
        return failedRun() ? "FAILED-" + unit.toUpperCase(Locale.ROOT) : OK;
    }

    /** Units that succeeded: issued − failed (a unit never answered counts as failed by the caller). */
    public long completed() {
        return issued - failed;
    }

    /**
     * One line: how many, of what kind, and where the records are, e.g. {@code 210 of 1000 samples failed (21.0 %):
     * 150 HTTP 500, 60 idle timeout; records: DIR/requests.csv (outcome, error)}.
     */
    public String line(String records) {
        StringBuilder sb = new StringBuilder();
        sb.append(failed)
                .append(" of ")
                .append(issued)
                .append(' ')
                .append(unit)
                .append(" failed (")
                .append(String.format(Locale.ROOT, "%.1f %%", rate() * 100))
                .append(')');
        if (!byKind.isEmpty()) {
            sb.append(": ");
            List<String> parts = new ArrayList<>();
            byKind.forEach((k, n) -> parts.add(n + " " + k));
            sb.append(String.join(", ", parts));
        }
        if (maxFailureRate > 0) {
            sb.append(String.format(Locale.ROOT, "; allowed %.1f %%", maxFailureRate * 100));
        }
        if (records != null) {
            sb.append("; records: ").append(records);
        }
        return sb.toString();
    }

    /** For summary.json: verdict, unit, issued, completed, failed, failure rate, allowed rate, failures by kind. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", verdict());
        m.put("unit", unit);
        m.put("issued", issued);
        m.put("completed", completed());
        m.put("failed", failed);
        m.put("failure_rate", rate());
        m.put("max_failure_rate", maxFailureRate);
        m.put("failed_by_kind", new LinkedHashMap<>(byKind));
        return m;
    }

    /**
     * A short name for the kind of a failure, as the verdict line counts them: {@code HTTP 500}, {@code error
     * event}, {@code connect timeout}, {@code idle timeout}, {@code request timeout}, {@code connection reset},
     * {@code connection closed}, {@code cannot connect}, {@code TLS handshake}, {@code stream ended early},
     * {@code malformed response}, {@code invalid request}, {@code cancelled}.
     */
    public static String kind(Outcome o) {
        return switch (o) {
            case Outcome.Ok ok -> "ok";
            case Outcome.HttpError h -> h.midStream() ? "error event" : "HTTP " + h.status();
            case Outcome.Timeout t ->
                switch (t.phase()) {
                    case CONNECT -> "connect timeout";
                    case HEADERS -> "response headers timeout";
                    case IDLE -> "idle timeout";
                    case TOTAL -> "request timeout";
                };
            case Outcome.TransportError t -> transport(t);
            case Outcome.ProtocolError p ->
                p.message() != null && p.message().startsWith("stream ended without")
                        ? "stream ended early"
                        : "malformed response";
            case Outcome.InvalidRequest i -> "invalid request";
            case Outcome.Cancelled c -> "cancelled";
        };
    }

    private static String transport(Outcome.TransportError t) {
        String m = t.message() == null ? "" : t.message().toLowerCase(Locale.ROOT);
        if (m.startsWith("tls")) {
            return "TLS handshake";
        }
        if (t.connect()) {
            return "cannot connect";
        }
        if (m.contains("reset")) {
            return "connection reset";
        }
        if (m.contains("closed")) {
            return "connection closed";
        }
        return "connection error";
    }
}
