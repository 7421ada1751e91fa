package io.llmharness.loadgen.log;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.results.LatencyStats;
import io.llmharness.loadgen.results.Percentiles;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.results.Validity;
import io.llmharness.loadgen.schedule.EffectiveSettings;

/** Formats a {@link PerformanceSummary} as the body of {@code mlperf_log_summary.txt}. */
public final class SummaryReport {

    private static final String RULE = "================================================";

    private SummaryReport() {}

    /** Writes the results block (everything but the footer). */
    public static void write(SummaryLog out, PerformanceSummary ps) {
        EffectiveSettings s = ps.settings();
        Scenario scenario = s.scenario();
        boolean tokens = s.useTokenLatencies();
        String pct = CFormat.f(s.targetLatencyPercentile() * 100, 1);
        out.line(RULE + "\nMLPerf Results Summary\n" + RULE);
        out.line("SUT name : " + ps.sutName());
        out.line("Scenario : " + scenario.specName());
        out.line("Mode     : " + s.mode().specName());
        switch (scenario) {
            case SINGLE_STREAM ->
                out.line(pct + "th percentile latency (ns) : " + ps.samples().target());
            case MULTI_STREAM ->
                out.line(pct + "th percentile latency (ns) : " + ps.queries().target());
            case SERVER ->
                out.line("Completed samples per second    : " + CFormat.f(ps.completedSamplesPerSecond(), 2));
            case OFFLINE -> out.line("Samples per second: " + CFormat.g(ps.samplesPerSecond()));
        }
        if (tokens) {
            switch (scenario) {
                case SINGLE_STREAM, MULTI_STREAM ->
                    out.line(pct + "th first token percentile latency (ns) : "
                            + ps.firstToken().target());
                case OFFLINE -> out.line("Tokens per second: " + CFormat.g(ps.tokensPerSecond()));
                case SERVER -> out.line("Completed tokens per second: " + CFormat.f(ps.completedTokensPerSecond(), 2));
            }
        }
        if (s.inferTokenLatencies()) {
            if (scenario == Scenario.OFFLINE) {
                out.line("Tokens per second (inferred): " + CFormat.g(ps.inferredTokensPerSecond()));
            } else if (scenario == Scenario.SERVER) {
                out.line("Completed tokens per second (inferred): "
                        + CFormat.f(ps.inferredCompletedTokensPerSecond(), 2));
            }
        }
        writeValidity(out, ps.validity(), scenario, tokens);
        out.line("\n" + RULE + "\nAdditional Stats\n" + RULE);
        switch (scenario) {
            case SINGLE_STREAM -> {
                out.line("QPS w/ loadgen overhead         : " + CFormat.f(ps.qpsWithLoadgenOverhead(), 2));
                out.line("QPS w/o loadgen overhead        : " + CFormat.f(ps.qpsWithoutLoadgenOverhead(), 2));
                out.line("");
            }
            case SERVER -> out.line("Scheduled samples per second : " + CFormat.f(ps.scheduledSamplesPerSecond(), 2));
            case MULTI_STREAM -> {
                out.line("Per-query latency:  ");
                writeLatencies(out, ps.queries());
            }
            case OFFLINE -> {}
        }
        if (scenario != Scenario.MULTI_STREAM) {
            writeLatencies(out, ps.samples());
        }
        if (tokens) {
            writeTokenStats(out, ps, scenario);
        }
        out.line("\n" + RULE + "\nTest Parameters Used\n" + RULE);
        SettingsReport.writeSummary(out, s);
    }

    private static void writeValidity(SummaryLog out, Validity v, Scenario scenario, boolean tokens) {
        out.line("Result is : " + (v.valid() ? "VALID" : "INVALID"));
        if (scenario == Scenario.SERVER) {
            out.line("  Performance constraints satisfied : " + yesNo(v.perfConstraintsMet()));
        }
        out.line("  Min duration satisfied : " + yesNo(v.minDurationMet()));
        out.line("  Min queries satisfied : " + yesNo(v.minQueriesMet()));
        out.line("  Early stopping satisfied: " + yesNo(v.earlyStoppingMet()));
        if (!v.valid()) {
            out.line("Recommendations:");
            if (!v.perfConstraintsMet()) {
                out.line(" * " + v.perfConstraintsRecommendation());
            }
            if (!v.minDurationMet()) {
                out.line(" * " + v.minDurationRecommendation());
            }
            if (!v.minQueriesMet()) {
                out.line(" * The test exited early, before enough queries were issued.\n"
                        + "   See the detailed log for why this may have occurred.");
            }
        }
        if (scenario != Scenario.OFFLINE) {
            if (!tokens) {
                out.line("Early Stopping Result:");
                out.line(v.earlyStoppingText());
            } else {
                out.line("TTFT Early Stopping Result:");
                out.line(v.earlyStoppingTtftText());
                out.line("TPOT Early Stopping Result:");
                out.line(v.earlyStoppingTpotText());
            }
        }
    }

    private static void writeTokenStats(SummaryLog out, PerformanceSummary ps, Scenario scenario) {
        out.line("");
        if (scenario == Scenario.SINGLE_STREAM) {
            out.line("TPS w/ loadgen overhead         : " + CFormat.f(ps.tokenThroughputWithLoadgenOverhead(), 2));
            out.line("TPS w/o loadgen overhead        : " + CFormat.f(ps.tokensPerSecondWithoutLoadgenOverhead(), 2));
        } else if (scenario == Scenario.SERVER) {
            out.line("Completed tokens per second                 : " + CFormat.f(ps.completedTokensPerSecond(), 2));
        }
        if (scenario != Scenario.OFFLINE) {
            LatencyStats ttft = ps.firstToken();
            out.line("Min First Token latency (ns)                : " + ttft.min());
            out.line("Max First Token latency (ns)                : " + ttft.max());
            out.line("Mean First Token latency (ns)               : " + ttft.mean());
            writePercentiles(out, ttft, " percentile first token latency (ns)   : ");
            out.line("");
            LatencyStats tpot = ps.timePerOutputToken();
            out.line("Min Time per Output Token (ns)                : " + tpot.min());
            out.line("Max Time per Output Token (ns)                : " + tpot.max());
            out.line("Mean Time per Output Token (ns)               : " + tpot.mean());
            writePercentiles(out, tpot, " percentile time to output token (ns)   : ");
        }
    }

    private static void writeLatencies(SummaryLog out, LatencyStats st) {
        out.line("Min latency (ns)                : " + st.min());
        out.line("Max latency (ns)                : " + st.max());
        out.line("Mean latency (ns)               : " + st.mean());
        writePercentiles(out, st, " percentile latency (ns)   : ");
    }

    private static void writePercentiles(SummaryLog out, LatencyStats st, String label) {
        for (int i = 0; i < Percentiles.REPORTED.length; i++) {
            out.line(CFormat.f(Percentiles.REPORTED[i] * 100, 2) + label + st.percentile(i));
        }
    }

    private static String yesNo(boolean b) {
        return b ? "Yes" : "NO";
    }
}
