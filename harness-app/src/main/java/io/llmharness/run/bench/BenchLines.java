package io.llmharness.run.bench;

import io.llmharness.metrics.BalanceVerdict;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.SummaryStats;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.ServerResult;
import io.llmharness.report.format.StageResult;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.workload.spec.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The lines {@code harness bench} prints: the plan before the run, one line per stage, the totals after. */
final class BenchLines {

    private BenchLines() {}

    /**
     * The plan: harness semantics, profile, target, tokenizer (with the better sources not used and why), data,
     * stages.
     *
     * @param simulated whether the target is the embedded simulator (whose tokenizer the synthetic vocabulary is)
     */
    static List<String> plan(
            ResolvedBench r, String target, ResolvedTokenizer tokenizer, String data, boolean simulated) {
        List<String> out = new ArrayList<>();
        var spec = r.spec();
        out.add("harness bench: " + spec.harness().dirName() + " profile "
                + r.profile().source().display() + ", read and run with "
                + spec.harness().dirName() + " semantics");
        out.add("  target    : " + target + ", model " + (r.model() == null ? "(server default)" : r.model()) + " ("
                + r.modelFrom() + "), " + spec.api().endpoint().path()
                + (spec.api().streaming() ? ", streaming" : ", not streaming")
                + (spec.api().sessionIdHeader() == null
                        ? ""
                        : ", session id in header " + spec.api().sessionIdHeader())
                + (spec.api().sessionTokenHeader() == null
                        ? ""
                        : ", session token echoed in header " + spec.api().sessionTokenHeader()));
        if (tokenizer == null) {
            out.add("  tokenizer : none needed");
        } else {
            out.add("  tokenizer : " + tokenizer.tokenizer().source()
                    + (tokenizer.isExact() || simulated ? "" : " (an estimate of a real model's counts)"));
            tokenizer.notes().forEach(n -> out.add("              not " + n));
        }
        out.add("  data      : " + data);
        out.add("  load      : seed " + spec.load().seed()
                + (spec.load().requestTimeoutS() != null
                        ? ", request timeout " + spec.load().requestTimeoutS() + " s"
                        : "")
                + (spec.load().intervalS() > 0 ? ", " + spec.load().intervalS() + " s between stages" : "")
                + (spec.load().maxInFlight() > 0 ? ", at most " + spec.load().maxInFlight() + " in flight" : ""));
        List<Stage> stages = spec.load().stages();
        for (int i = 0; i < stages.size(); i++) {
            out.add("  stage " + i + (i < 10 ? "   " : "  ") + ": "
                    + stages.get(i).describe());
        }
        return out;
    }

    /** One line per finished stage. */
    static String stage(StageResult s) {
        StageMetrics m = s.metrics();
        StringBuilder sb = new StringBuilder("stage " + s.index() + ": ");
        sb.append(m.requests()).append(" requests, ").append(m.succeeded()).append(" ok");
        if (m.failures().failed() > 0) {
            sb.append(", ").append(m.failures().failed()).append(" failed");
        }
        if (s.requestedRate() > 0) {
            sb.append("; ")
                    .append(f(m.load().achievedRate()))
                    .append(" req/s sent of ")
                    .append(f(s.requestedRate()));
        } else {
            sb.append("; ").append(s.concurrency()).append(" concurrent");
        }
        sb.append("; ")
                .append(f(m.throughput().requestsPerSecond()))
                .append(" req/s, ")
                .append(f(m.throughput().outputTokensPerSecond()))
                .append(" output tok/s");
        latency(sb, "TTFT", m.latency("ttft"));
        latency(sb, "TPOT", m.latency("tpot"));
        latency(sb, "ITL", m.latency("itl_token"));
        latency(sb, "e2e", m.latency("e2e_latency"));
        if (s.interrupted()) {
            sb.append(" (interrupted)");
        }
        return sb.toString();
    }

    /** The totals and where the files are. */
    static List<String> total(BenchReport r, String dir) {
        return total(r, dir, false);
    }

    /** The totals and where the files are; the totals line ends in {@code (client-limited)} when the run was. */
    static List<String> total(BenchReport r, String dir, boolean clientLimited) {
        StageMetrics m = r.total();
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder("total: ");
        sb.append(m.requests())
                .append(" requests in ")
                .append(f(m.durationSeconds()))
                .append(" s, ")
                .append(m.succeeded())
                .append(" ok, failure rate ")
                .append(pct(m.failures().rate()))
                .append("; ")
                .append(f(m.throughput().requestsPerSecond()))
                .append(" req/s, ")
                .append(f(m.throughput().outputTokensPerSecond()))
                .append(" output tok/s, ")
                .append(f(m.throughput().inputTokensPerSecond()))
                .append(" input tok/s");
        if (m.goodput() != null) {
            sb.append("; goodput ").append(f(m.goodput().requestsPerSecond())).append(" req/s");
        }
        if (clientLimited) {
            sb.append(" (client-limited)");
        }
        out.add(sb.toString());
        if (!m.failures().messages().isEmpty()) {
            var top = m.failures().messages().get(0);
            out.add("  most frequent failure (" + top.count() + "x): " + top.message());
        }
        StageMetrics.TokenCounts tc = m.tokenCounts();
        if (r.tokenizer() != null) {
            out.add("  " + tc.check().describe("output tokens") + "; tokenizer: "
                    + r.tokenizer().tokenizer().source());
        }
        if (!r.servers().isEmpty()) {
            out.addAll(servers(r.servers()));
        }
        out.add("Files: " + dir);
        return out;
    }

    /** A row per server of a run shared over several, then the balance verdict (a warning when one is slow). */
    static List<String> servers(List<ServerResult> servers) {
        List<String> out = new ArrayList<>();
        int width = servers.stream().mapToInt(s -> s.url().length()).max().orElse(0);
        for (ServerResult s : servers) {
            StageMetrics m = s.metrics();
            StringBuilder sb = new StringBuilder("  server ")
                    .append(s.index())
                    .append(" ")
                    .append(s.url())
                    .append(" ".repeat(width - s.url().length()))
                    .append(": ")
                    .append(m.requests())
                    .append(" requests (")
                    .append(Double.isFinite(s.share()) ? String.format(Locale.ROOT, "%.0f %%", s.share() * 100) : "-")
                    .append(")");
            if (m.failures().failed() > 0) {
                sb.append(", ").append(m.failures().failed()).append(" failed");
            }
            sb.append(", ").append(f(m.throughput().outputTokensPerSecond())).append(" output tok/s");
            latency(sb, "TTFT", m.latency("ttft"));
            latency(sb, "e2e", m.latency("e2e_latency"));
            out.add(sb.toString());
        }
        BalanceVerdict b = ServerResult.balance(servers);
        out.add((b.balanced() ? "  balance: " : "  balance WARNING: ") + b.line());
        return out;
    }

    private static void latency(StringBuilder sb, String name, SummaryStats s) {
        if (!s.isEmpty()) {
            sb.append("; ")
                    .append(name)
                    .append(" p50 ")
                    .append(ms(s.percentile(50.0)))
                    .append(" p99 ")
                    .append(ms(s.percentile(99.0)));
        }
    }

    static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    static String f(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "-";
    }

    static String pct(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f %%", 100 * v) : "-";
    }
}
