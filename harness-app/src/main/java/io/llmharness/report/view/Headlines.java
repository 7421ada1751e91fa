package io.llmharness.report.view;

import io.llmharness.metrics.Distribution;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.report.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The headline numbers of a report, taken from the summary (so they read exactly as summary.json says). */
final class Headlines {

    private Headlines() {}

    static List<Headline> of(RunSummary s) {
        MetricSummary m = s.metrics();
        List<Headline> out = new ArrayList<>();
        out.add(new Headline(
                "Requests",
                Format.count(m.requests().succeeded()) + " ok · "
                        + Format.count(m.requests().failed()) + " failed",
                "failure rate " + Format.percent(m.failureRate())));
        out.add(new Headline(
                "Throughput",
                Format.sig(m.throughput().requestsPerSecond()) + " req/s",
                Format.sig(m.throughput().outputTokensPerSecond()) + " output tokens/s over "
                        + Format.seconds(m.window().durationSeconds())));
        out.add(latency(m, LatencyMetric.TTFT, "TTFT"));
        out.add(latency(m, LatencyMetric.TPOT, "TPOT"));
        out.add(latency(m, LatencyMetric.ITL_CHUNK, "ITL"));
        out.add(latency(m, LatencyMetric.E2E_LATENCY, "E2E latency"));
        if (!m.slos().isEmpty()) {
            String slos = m.slos().thresholdsNs().entrySet().stream()
                    .map(e -> e.getKey().key() + " ≤ " + Format.ms(e.getValue()) + " ms")
                    .collect(Collectors.joining(", "));
            out.add(new Headline("Goodput", Format.sig(m.throughput().goodput()) + " req/s", "meeting " + slos));
        }
        Distribution delay = m.latency(LatencyMetric.SCHEDULE_DELAY);
        out.add(new Headline(
                "Schedule delay p99",
                delay.isEmpty() ? "–" : Format.ms(delay.p99()) + " ms",
                "the harness's own lateness (max " + (delay.isEmpty() ? "–" : Format.ms(delay.max()) + " ms") + ")"));
        if (s.mlperf() != null && s.mlperf().get("results") instanceof Map<?, ?> results) {
            for (Map.Entry<?, ?> e : results.entrySet()) {
                String k = e.getKey().toString();
                if (e.getValue() instanceof Number n
                        && k.toLowerCase(java.util.Locale.ROOT).contains("per second")) {
                    out.add(new Headline("LoadGen: " + k, Format.sig(n.doubleValue()), "as LoadGen reports it"));
                }
            }
        }
        return out;
    }

    private static Headline latency(MetricSummary m, LatencyMetric metric, String label) {
        Distribution d = m.latency(metric);
        String value = d.isEmpty() ? "–" : Format.ms(d.p50()) + " / " + Format.ms(d.p99()) + " ms";
        Long limit = m.slos().thresholdsNs().get(metric);
        String detail = d.isEmpty()
                ? "no values"
                : "mean " + Format.ms(d.mean()) + " ms, n = " + Format.count(d.count())
                        + (limit == null ? "" : ", limit " + Format.ms(limit) + " ms");
        return new Headline(label + " p50 / p99", value, detail);
    }
}
