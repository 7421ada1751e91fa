package io.llmharness.run;

import io.llmharness.client.transport.EndpointStats;
import io.llmharness.metrics.BalanceVerdict;
import io.llmharness.metrics.Distribution;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.ServerMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The key lines of a run with several servers: one compact row per server (requests and the balancer's share,
 * failures, TTFT / TPOT or e2e p50 and p99, output tokens per second) and the balance verdict, a warning when one
 * server was slower than the others beyond noise ({@link BalanceVerdict}).
 */
final class ServerLines {

    private ServerLines() {}

    /** The lines for a summary with two or more servers. */
    static List<String> of(MetricSummary m) {
        List<String> out = new ArrayList<>();
        out.add(String.format(
                Locale.ROOT, "  %-29s: %d", "Servers", m.endpoints().size()));
        int width = m.endpoints().stream().mapToInt(e -> e.url().length()).max().orElse(0);
        for (ServerMetrics s : m.servers()) {
            out.add("    " + pad(s.url(), width) + "  " + row(s, m.endpoints().get(s.index())));
        }
        BalanceVerdict b = BalanceVerdict.of(m.servers());
        out.add(String.format(Locale.ROOT, "  %-29s: %s", b.balanced() ? "Balance" : "Balance WARNING", b.line()));
        return out;
    }

    private static String row(ServerMetrics s, EndpointStats e) {
        MetricSummary m = s.metrics();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%d requests (%.0f %%)", e.requests(), s.share() * 100));
        if (m.requests().failed() > 0 || e.failures() > 0) {
            b.append(", ").append(Math.max(m.requests().failed(), e.failures())).append(" failed");
        }
        if (m.requests().streamed() > 0) {
            b.append(", TTFT ").append(p50p99(m.latency(LatencyMetric.TTFT)));
            b.append(", TPOT ").append(p50p99(m.latency(LatencyMetric.TPOT)));
        } else {
            b.append(", e2e ").append(p50p99(m.latency(LatencyMetric.E2E_LATENCY)));
        }
        double tps = m.throughput().outputTokensPerSecond();
        if (!Double.isNaN(tps)) {
            b.append(String.format(Locale.ROOT, ", %.1f output tokens/s", tps));
        }
        return b.toString();
    }

    private static String p50p99(Distribution d) {
        return d.isEmpty() ? "-" : String.format(Locale.ROOT, "p50 %.2f ms p99 %.2f ms", d.p50() / 1e6, d.p99() / 1e6);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
