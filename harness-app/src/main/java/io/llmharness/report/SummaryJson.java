package io.llmharness.report;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.error.HarnessException;
import io.llmharness.metrics.BalanceVerdict;
import io.llmharness.metrics.FailureSummary;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.ServerMetrics;
import io.llmharness.metrics.StageWindow;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Writes summary.json: one document with the sections {@code schema_version}, {@code run}, {@code config},
 * {@code dataset}, {@code mlperf}, {@code client_health} (when measured), {@code metrics}, {@code endpoints},
 * {@code failures} and, when present, {@code stages} and {@code server_metrics}, in that order, keys in a
 * fixed order, numbers as numbers and null where a value is undefined (never NaN or Infinity). The layout is
 * described in docs/metrics.md.
 */
public final class SummaryJson {

    /** Bumped when a key is renamed or removed (adding keys keeps the version). */
    public static final int SCHEMA_VERSION = 1;

    private SummaryJson() {}

    /** The document as text (LF line ends, final newline). */
    public static String toJson(RunSummary s) {
        StringWriter out = new StringWriter();
        try {
            write(s, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * Writes the document to a file, through a temporary file and a rename so a reader never sees half of it.
     *
     * @throws HarnessException (execution) when the file cannot be written
     */
    public static void write(RunSummary s, Path file) {
        try {
            OutputSpace.writeWhole(file, toJson(s));
        } catch (IOException e) {
            throw HarnessException.execution(e.getMessage(), e); // no half-written summary is left behind
        }
    }

    static void write(RunSummary s, Writer w) throws IOException {
        try (ReportJson out = new ReportJson(w)) {
            out.start(null).field("schema_version", SCHEMA_VERSION);
            run(out, s.run());
            out.value("config", s.config()).value("dataset", s.dataset()).value("mlperf", s.mlperf());
            if (s.clientHealth() != null) {
                out.value("client_health", s.clientHealth());
            }
            MetricsJson.write(out, s.metrics());
            endpoints(out, s.metrics());
            failures(out, s.metrics());
            stages(out, s);
            if (s.serverMetrics() != null) {
                out.value("server_metrics", ServerMetricsJson.section(s.serverMetrics()));
            }
            out.end();
        }
    }

    private static void run(ReportJson out, RunInfo run) throws IOException {
        Duration d = run.duration();
        out.start("run")
                .field("id", run.id())
                .field("tool_version", run.toolVersion())
                .value("command_line", run.commandLine())
                .field("start", iso(run.start()))
                .field("end", iso(run.end()))
                .field("duration_s", d == null ? null : Units.seconds(d.toNanos()))
                .end();
    }

    private static void endpoints(ReportJson out, MetricSummary m) throws IOException {
        out.startArray("endpoints");
        int index = 0;
        for (EndpointStats e : m.endpoints()) {
            index++;
            out.start(null)
                    .field("index", index - 1)
                    .field("url", e.url())
                    .field("requests", e.requests())
                    .field("failures", e.failures())
                    .field("in_flight", e.inFlight())
                    .field("max_in_flight", e.maxInFlight())
                    .field("connections_opened", e.connectionsOpened())
                    .field("stale_retries", e.staleRetries())
                    .field("overload_retries", e.overloadRetries());
            if (index <= m.servers().size()) {
                server(out, m.servers().get(index - 1));
            }
            out.end();
        }
        out.endArray();
        if (!m.servers().isEmpty()) {
            out.value("balance", BalanceVerdict.of(m.servers()).section());
        }
    }

    /** A server's own figures in its {@code endpoints} entry, shaped like the run's. */
    private static void server(ReportJson out, ServerMetrics s) throws IOException {
        MetricSummary m = s.metrics();
        out.field("share", s.share())
                .field("measured_requests", m.requests().issued())
                .field("succeeded", m.requests().succeeded())
                .field("failed", m.requests().failed())
                .field("failure_rate", m.failureRate());
        out.start("failures_by_kind");
        for (Map.Entry<Outcome.Kind, Long> e : m.failures().byKind().entrySet()) {
            if (e.getValue() > 0) {
                out.field(e.getKey().name(), e.getValue().longValue());
            }
        }
        out.end();
        MetricsJson.latency(out, m, false);
        MetricsJson.throughput(out, m.throughput());
        out.field("input_tokens", m.tokens().inputTotal())
                .field("output_tokens", m.tokens().outputTotal());
    }

    private static void failures(ReportJson out, MetricSummary m) throws IOException {
        FailureSummary f = m.failures();
        out.start("failures").field("failed", f.failed()).field("failure_rate", f.rate());
        out.start("by_kind");
        for (Map.Entry<Outcome.Kind, Long> e : f.byKind().entrySet()) {
            out.field(e.getKey().name(), e.getValue().longValue());
        }
        out.end().startArray("messages");
        for (FailureSummary.Message msg : f.messages()) {
            out.start(null)
                    .field("kind", msg.kind().name())
                    .field("message", msg.message())
                    .field("count", msg.count())
                    .end();
        }
        out.endArray().end();
    }

    /** Written only for runs with stages (workload mode). */
    private static void stages(ReportJson out, RunSummary s) throws IOException {
        if (s.stages().isEmpty()) {
            return;
        }
        out.startArray("stages");
        for (StageWindow w : s.stages()) {
            out.start(null)
                    .field("name", w.name())
                    .field("start_ns", w.startNs())
                    .field("end_ns", w.endNs())
                    .field("duration_s", Units.seconds(w.endNs() - w.startNs()))
                    .end();
        }
        out.endArray();
    }

    static String iso(Instant t) {
        return t == null ? null : t.toString();
    }
}
