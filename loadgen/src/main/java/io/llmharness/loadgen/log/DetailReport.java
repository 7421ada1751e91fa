package io.llmharness.loadgen.log;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.results.LatencyStats;
import io.llmharness.loadgen.results.Percentiles;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.results.Validity;
import io.llmharness.loadgen.schedule.EffectiveSettings;

/** Writes the {@code result_*} block of a performance run to the detail log, in C++ key order. */
public final class DetailReport {

    private DetailReport() {}

    /** Logs every result key, ending with {@code num_errors}. */
    public static void write(DetailLog d, PerformanceSummary ps) {
        EffectiveSettings s = ps.settings();
        Scenario scenario = s.scenario();
        Validity v = ps.validity();
        d.string("result_validity", v.valid() ? "VALID" : "INVALID");
        if (scenario == Scenario.SERVER) {
            d.bool("result_perf_constraints_met", v.perfConstraintsMet());
        }
        d.bool("result_min_duration_met", v.minDurationMet());
        d.bool("result_min_queries_met", v.minQueriesMet());
        d.bool("early_stopping_met", v.earlyStoppingMet());
        if (!v.valid()) {
            d.string("result_invalid_reason", v.invalidReason());
        }
        if (!s.useTokenLatencies()) {
            d.string("early_stopping_result", v.earlyStoppingText().replace('\n', ' '));
        } else {
            d.string("early_stopping_ttft_result", v.earlyStoppingTtftText().replace('\n', ' '));
            d.string("early_stopping_tpot_result", v.earlyStoppingTpotText().replace('\n', ' '));
        }
        d.unsigned("result_query_count", ps.queriesIssued());
        if (scenario == Scenario.SERVER) {
            d.unsigned("result_overlatency_query_count", ps.overlatencyQueryCount());
        }
        switch (scenario) {
            case SINGLE_STREAM -> {
                d.number("result_qps_with_loadgen_overhead", ps.qpsWithLoadgenOverhead());
                d.number("result_qps_without_loadgen_overhead", ps.qpsWithoutLoadgenOverhead());
                d.integer("early_stopping_latency_ss", ps.earlyStoppingLatencySs());
                d.integer("early_stopping_latency_ms", ps.earlyStoppingLatencyMs());
            }
            case MULTI_STREAM -> {
                LatencyStats q = ps.queries();
                d.integer("result_min_query_latency_ns", q.min());
                d.integer("result_max_query_latency_ns", q.max());
                d.integer("result_mean_query_latency_ns", q.mean());
                for (int i = 0; i < Percentiles.REPORTED.length; i++) {
                    d.integer("result_" + pp(i) + "_percentile_per_query_latency_ns", q.percentile(i));
                }
                d.integer("early_stopping_latency_ms", ps.earlyStoppingLatencyMs());
            }
            case SERVER -> {
                d.number("result_scheduled_samples_per_sec", ps.scheduledSamplesPerSecond());
                d.number("result_completed_samples_per_sec", ps.completedSamplesPerSecond());
            }
            case OFFLINE -> d.number("result_samples_per_second", ps.samplesPerSecond());
        }
        LatencyStats l = ps.samples();
        d.integer("result_min_latency_ns", l.min());
        d.integer("result_max_latency_ns", l.max());
        d.integer("result_mean_latency_ns", l.mean());
        for (int i = 0; i < Percentiles.REPORTED.length; i++) {
            d.integer("result_" + pp(i) + "_percentile_latency_ns", l.percentile(i));
        }
        if (s.useTokenLatencies()) {
            writeTokens(d, ps, scenario);
        }
        if (s.inferTokenLatencies()) {
            if (scenario == Scenario.SERVER) {
                d.number("result_inferred_completed_tokens_per_second", ps.inferredCompletedTokensPerSecond());
            } else if (scenario == Scenario.OFFLINE) {
                d.number("result_inferred_tokens_per_second", ps.inferredTokensPerSecond());
            }
        }
        d.unsigned("num_errors", d.errorCount());
    }

    private static void writeTokens(DetailLog d, PerformanceSummary ps, Scenario scenario) {
        if (scenario == Scenario.OFFLINE) {
            d.number("result_tokens_per_second", ps.tokensPerSecond());
            return;
        }
        LatencyStats f = ps.firstToken();
        d.integer("result_first_token_min_latency_ns", f.min());
        d.integer("result_first_token_max_latency_ns", f.max());
        d.integer("result_first_token_mean_latency_ns", f.mean());
        for (int i = 0; i < Percentiles.REPORTED.length; i++) {
            d.integer("result_first_token_" + pp(i) + "_percentile_latency_ns", f.percentile(i));
        }
        d.number("result_token_throughput_with_loadgen_overhead", ps.tokenThroughputWithLoadgenOverhead());
        d.number("result_token_throughput", ps.tokenThroughputPerNs());
        LatencyStats t = ps.timePerOutputToken();
        for (int i = 0; i < Percentiles.REPORTED.length; i++) {
            d.integer("result_time_per_output_token_" + pp(i) + "_percentile_ns", t.percentile(i));
        }
        d.integer("result_time_to_output_token_min", t.min());
        d.integer("result_time_to_output_token_max", t.max());
        d.integer("result_time_to_output_token_mean", t.mean());
        d.number("result_completed_tokens_per_second", ps.completedTokensPerSecond());
    }

    private static String pp(int i) {
        return CFormat.f(Percentiles.REPORTED[i] * 100, 2);
    }
}
