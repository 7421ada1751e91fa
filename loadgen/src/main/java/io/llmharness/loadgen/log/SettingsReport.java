package io.llmharness.loadgen.log;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.schedule.EffectiveSettings;

/** Logs the requested and effective settings (detail log) and the "Test Parameters Used" block (summary). */
public final class SettingsReport {

    private SettingsReport() {}

    /** The {@code requested_*} keys, in C++ order. */
    public static void logRequested(DetailLog d, TestSettings s) {
        d.string("requested_scenario", s.scenario.specName());
        d.string("requested_test_mode", s.mode.specName());
        switch (s.scenario) {
            case SINGLE_STREAM -> {
                d.number("requested_single_stream_expected_latency_ns", s.singleStreamExpectedLatencyNs);
                d.number("requested_single_stream_target_latency_percentile", s.singleStreamTargetLatencyPercentile);
            }
            case MULTI_STREAM -> {
                d.number("requested_multi_stream_expected_latency_ns", s.multiStreamExpectedLatencyNs);
                d.number("requested_multi_stream_target_latency_percentile", s.multiStreamTargetLatencyPercentile);
                d.unsigned("requested_multi_stream_samples_per_query", s.multiStreamSamplesPerQuery);
            }
            case SERVER -> {
                d.number("requested_server_target_qps", s.serverTargetQps);
                d.unsigned("requested_server_target_latency_ns", s.serverTargetLatencyNs);
                d.number("requested_server_target_latency_percentile", s.serverTargetLatencyPercentile);
                d.bool("requested_server_coalesce_queries", s.serverCoalesceQueries);
                d.integer(
                        "requested_server_find_peak_qps_decimals_of_precision", s.serverFindPeakQpsDecimalsOfPrecision);
                d.number("requested_server_find_peak_qps_boundary_step_size", s.serverFindPeakQpsBoundaryStepSize);
                d.unsigned("requested_server_max_async_queries", s.serverMaxAsyncQueries);
                d.unsigned("requested_server_num_issue_query_threads", s.serverNumIssueQueryThreads);
            }
            case OFFLINE -> d.number("requested_offline_expected_qps", s.offlineExpectedQps);
        }
        d.unsigned("requested_min_duration_ms", s.minDurationMs);
        d.unsigned("requested_max_duration_ms", s.maxDurationMs);
        d.unsigned("requested_min_query_count", s.minQueryCount);
        d.unsigned("requested_max_query_count", s.maxQueryCount);
        d.unsigned("requested_qsl_rng_seed", s.qslRngSeed);
        d.unsigned("requested_sample_index_rng_seed", s.sampleIndexRngSeed);
        d.unsigned("requested_schedule_rng_seed", s.scheduleRngSeed);
        d.unsigned("requested_accuracy_log_rng_seed", s.accuracyLogRngSeed);
        d.number("requested_accuracy_log_probability", s.accuracyLogProbability);
        d.unsigned("requested_accuracy_log_sampling_target", s.accuracyLogSamplingTarget);
        d.bool("requested_print_timestamps", s.printTimestamps);
        d.bool("requested_performance_issue_unique", s.performanceIssueUnique);
        d.bool("requested_performance_issue_same", s.performanceIssueSame);
        d.unsigned("requested_performance_issue_same_index", s.performanceIssueSameIndex);
        d.unsigned("requested_performance_sample_count_override", s.performanceSampleCountOverride);
        d.unsigned("requested_accuracy_sample_count_override", s.accuracySampleCountOverride);
        d.bool("requested_sample_concatenate_permutation", s.sampleConcatenatePermutation);
        if (s.useTokenLatencies) {
            d.bool("requested_use_token_latencies", true);
            if (s.scenario != Scenario.OFFLINE) {
                d.unsigned("requested_server_ttft_latency", s.serverTtftLatency);
                d.unsigned("requested_server_tpot_latency", s.serverTpotLatency);
            }
        }
    }

    /** The {@code effective_*} keys, in C++ order. */
    public static void logEffective(DetailLog d, EffectiveSettings s) {
        d.string("effective_scenario", s.scenario().specName());
        d.string("effective_test_mode", s.mode().specName());
        d.unsigned("effective_samples_per_query", s.samplesPerQuery());
        d.number("effective_target_qps", s.targetQps());
        d.integer("effective_target_latency_ns", s.targetLatencyNs());
        d.number("effective_target_latency_percentile", s.targetLatencyPercentile());
        d.unsigned("effective_max_async_queries", s.maxAsyncQueries());
        d.integer("effective_target_duration_ms", s.targetDurationMs());
        d.integer("effective_min_duration_ms", s.minDurationMs());
        d.integer("effective_max_duration_ms", s.maxDurationMs());
        d.unsigned("effective_min_query_count", s.minQueryCount());
        d.unsigned("effective_max_query_count", s.maxQueryCount());
        d.unsigned("effective_min_sample_count", s.minSampleCount());
        d.unsigned("effective_qsl_rng_seed", s.qslRngSeed());
        d.unsigned("effective_sample_index_rng_seed", s.sampleIndexRngSeed());
        d.unsigned("effective_schedule_rng_seed", s.scheduleRngSeed());
        d.unsigned("effective_accuracy_log_rng_seed", s.accuracyLogRngSeed());
        d.number("effective_accuracy_log_probability", s.accuracyLogProbability());
        d.unsigned("effective_accuracy_log_sampling_target", s.accuracyLogSamplingTarget());
        d.bool("effective_print_timestamps", s.printTimestamps());
        d.bool("effective_performance_issue_unique", s.performanceIssueUnique());
        d.bool("effective_performance_issue_same", s.performanceIssueSame());
        d.unsigned("effective_performance_issue_same_index", s.performanceIssueSameIndex());
        d.unsigned("effective_performance_sample_count", s.performanceSampleCount());
        d.unsigned("effective_accuracy_sample_count", s.accuracySampleCount());
        d.bool("effective_sample_concatenate_permutation", s.sampleConcatenatePermutation());
    }

    /** The "Test Parameters Used" lines of the summary (booleans as 0/1). */
    public static void writeSummary(SummaryLog out, EffectiveSettings s) {
        out.line("samples_per_query : " + Long.toUnsignedString(s.samplesPerQuery()));
        out.line("target_qps : " + CFormat.g(s.targetQps()));
        if (!s.useTokenLatencies()) {
            out.line("target_latency (ns): " + s.targetLatencyNs());
        } else {
            out.line("ttft_latency (ns): " + s.serverTtftLatency());
            out.line("tpot_latency (ns): " + s.serverTpotLatency());
        }
        out.line("max_async_queries : " + Long.toUnsignedString(s.maxAsyncQueries()));
        out.line("min_duration (ms): " + s.minDurationMs());
        out.line("max_duration (ms): " + s.maxDurationMs());
        out.line("min_query_count : " + Long.toUnsignedString(s.minQueryCount()));
        out.line("max_query_count : " + Long.toUnsignedString(s.maxQueryCount()));
        out.line("qsl_rng_seed : " + Long.toUnsignedString(s.qslRngSeed()));
        out.line("sample_index_rng_seed : " + Long.toUnsignedString(s.sampleIndexRngSeed()));
        out.line("schedule_rng_seed : " + Long.toUnsignedString(s.scheduleRngSeed()));
        out.line("accuracy_log_rng_seed : " + Long.toUnsignedString(s.accuracyLogRngSeed()));
        out.line("accuracy_log_probability : " + CFormat.g(s.accuracyLogProbability()));
        out.line("accuracy_log_sampling_target : " + Long.toUnsignedString(s.accuracyLogSamplingTarget()));
        out.line("print_timestamps : " + bit(s.printTimestamps()));
        out.line("performance_issue_unique : " + bit(s.performanceIssueUnique()));
        out.line("performance_issue_same : " + bit(s.performanceIssueSame()));
        out.line("performance_issue_same_index : " + Long.toUnsignedString(s.performanceIssueSameIndex()));
        out.line("performance_sample_count : " + Long.toUnsignedString(s.performanceSampleCount()));
        out.line("accuracy_sample_count : " + Long.toUnsignedString(s.accuracySampleCount()));
        if (s.sampleConcatenatePermutation()) {
            out.line("WARNING: sample_concatenate_permutation was set to true. \n"
                    + "Generated samples per query might be different as the one in the setting.\n"
                    + "Check the generated_samples_per_query line in the detailed log for the real\n"
                    + "samples_per_query value");
        }
    }

    private static String bit(boolean b) {
        return b ? "1" : "0";
    }
}
