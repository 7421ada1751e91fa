package io.llmharness.run;

import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.log.CFormat;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.util.ArrayList;
import java.util.List;

/** The key lines of a {@code harness loadgen} run, in the wording of the C++ LoadGen's summary. */
final class SelfTestLines {

    private SelfTestLines() {}

    static List<String> of(LoadGenSelfTest.Outcome o) {
        TestResult r = o.result();
        List<String> out = new ArrayList<>();
        out.add("Scenario : " + r.scenario().specName() + ", Mode : " + r.mode().specName());
        r.performance().ifPresent(p -> {
            out.add("Result is : " + (p.validity().valid() ? "VALID" : "INVALID"));
            out.add(metricLine(p));
        });
        if (r.performance().isEmpty()) {
            out.add("Accuracy log entries : " + r.accuracyLogEntries());
        }
        if (o.scheduledQueries() > 0) {
            out.add("Schedule delay (issued - scheduled) over " + o.scheduledQueries() + " queries: p50 "
                    + micros(o.delayP50Ns()) + " us, p99 " + micros(o.delayP99Ns()) + " us, max "
                    + micros(o.delayMaxNs()) + " us");
        }
        out.add("Warnings : " + r.warningCount() + ", Errors : " + r.errorCount()
                + (r.errorCount() > 0 ? " (see " + r.logs().detail() + ")" : ""));
        out.add("Logs : " + r.logs().summary().getParent());
        return out;
    }

    private static String metricLine(PerformanceSummary p) {
        return switch (p.settings().scenario()) {
            case SINGLE_STREAM ->
                CFormat.f(p.settings().targetLatencyPercentile() * 100, 1) + "th percentile latency (ns) : "
                        + p.samples().target();
            case MULTI_STREAM ->
                CFormat.f(p.settings().targetLatencyPercentile() * 100, 1) + "th percentile latency (ns) : "
                        + p.queries().target();
            case SERVER -> "Completed samples per second : " + CFormat.f(p.completedSamplesPerSecond(), 2);
            case OFFLINE -> "Samples per second : " + CFormat.g(p.samplesPerSecond());
        };
    }

    private static String micros(long ns) {
        return CFormat.f(ns / 1000.0, 1);
    }
}
