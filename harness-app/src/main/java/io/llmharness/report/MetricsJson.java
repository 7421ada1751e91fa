package io.llmharness.report;

import io.llmharness.client.record.TokenCountSource;
import io.llmharness.metrics.Distribution;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MeasuredWindow;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.RequestCounts;
import io.llmharness.metrics.Throughput;
import io.llmharness.metrics.TokenSummary;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The {@code metrics} section of summary.json. Distributions are objects with a {@code unit} field ({@code ms} for
 * times, {@code tokens} for lengths); scalars carry their unit in the key ({@code _s}, {@code _ns},
 * {@code _per_second}).
 */
final class MetricsJson {

    private MetricsJson() {}

    static void write(ReportJson out, MetricSummary m) throws IOException {
        out.start("metrics");
        window(out, m.window());
        requests(out, m.requests());
        out.start("latency");
        for (Map.Entry<LatencyMetric, Distribution> e : m.latency().entrySet()) {
            LatencyMetric metric = e.getKey();
            distribution(out, metric.key(), "ms", population(metric), e.getValue(), Units::ms);
        }
        out.end();
        throughput(out, m.throughput());
        out.field("failure_rate", m.failureRate());
        tokens(out, m.tokens());
        out.start("slos");
        for (Map.Entry<LatencyMetric, Long> e : m.slos().thresholdsNs().entrySet()) {
            out.start(e.getKey().key())
                    .field("unit", "ms")
                    .field("max", Units.ms(e.getValue()))
                    .end();
        }
        out.end().end();
    }

    private static void window(ReportJson out, MeasuredWindow w) throws IOException {
        out.start("window")
                .field("requested_start_ns", w.requestedStartNs())
                .field("requested_end_ns", w.requestedEndNs())
                .field("start_ns", w.startNs())
                .field("end_ns", w.endNs())
                .field("start", SummaryJson.iso(w.start()))
                .field("end", SummaryJson.iso(w.end()))
                .field("duration_s", Units.seconds(w.durationNs()))
                .end();
    }

    private static void requests(ReportJson out, RequestCounts c) throws IOException {
        out.start("requests")
                .field("recorded", c.recorded())
                .field("issued", c.issued())
                .field("succeeded", c.succeeded())
                .field("failed", c.failed())
                .field("streamed", c.streamed())
                .end();
    }

    private static void throughput(ReportJson out, Throughput t) throws IOException {
        out.start("throughput")
                .field("requests_per_second", t.requestsPerSecond())
                .field("output_tokens_per_second", t.outputTokensPerSecond())
                .field("input_tokens_per_second", t.inputTokensPerSecond())
                .field("goodput_requests_per_second", t.goodput())
                .end();
    }

    private static void tokens(ReportJson out, TokenSummary t) throws IOException {
        out.start("tokens")
                .field("input_total", t.inputTotal())
                .field("output_total", t.outputTotal())
                .field("input_unknown", t.inputUnknown())
                .field("output_estimated", t.outputEstimated());
        out.start("output_source");
        for (Map.Entry<TokenCountSource, Long> e : t.outputSources().entrySet()) {
            out.field(e.getKey().name(), e.getValue().longValue());
        }
        out.end();
        distribution(out, "input", "tokens", "successful", t.input(), BigDecimal::valueOf);
        distribution(out, "output", "tokens", "successful", t.output(), BigDecimal::valueOf);
        out.end();
    }

    private static void distribution(
            ReportJson out, String name, String unit, String population, Distribution d, LongFunction<BigDecimal> conv)
            throws IOException {
        boolean e = d.isEmpty();
        BigDecimal mean = e ? null : "ms".equals(unit) ? Units.ms(d.mean()) : JsonTree.decimal(d.mean());
        out.start(name)
                .field("unit", unit)
                .field("population", population)
                .field("count", d.count())
                .field("mean", mean)
                .field("p50", e ? null : conv.apply(d.p50()))
                .field("p90", e ? null : conv.apply(d.p90()))
                .field("p95", e ? null : conv.apply(d.p95()))
                .field("p99", e ? null : conv.apply(d.p99()))
                .field("p99.9", e ? null : conv.apply(d.p999()))
                .field("max", e ? null : conv.apply(d.max()))
                .end();
    }

    private static String population(LatencyMetric m) {
        return m.population().name().toLowerCase(Locale.ROOT);
    }
}
