package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.tokenizer.TokenCountCheck;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Computes the {@link StageMetrics} of a stage: the requests whose <em>scheduled</em> start falls in the stage's
 * window (so a request belongs to the stage that planned it, however long it ran). Pure, no I/O.
 *
 * <p>Per-stage inter-token latencies come from each request's chunk arrival times: {@code itl_chunk} is every gap
 * between consecutive chunks; {@code itl_token} spreads each gap over the tokens the later chunk carried, estimated
 * as (output tokens − 1) / (chunks − 1) per gap (exact when every chunk carries one token, as vLLM streams).
 */
public final class StageTable {

    private StageTable() {}

    /**
     * The metrics of one window.
     *
     * @param samples the run's requests (any order)
     * @param windowStartNs first scheduled start that counts (inclusive)
     * @param windowEndNs scheduled starts from here on do not count
     * @param requestedRate the stage's rate (NaN for closed loop)
     * @param concurrency the stage's concurrency (0 for open loop)
     * @param slos goodput objectives, {@link SloSpec#NONE} for none
     * @param percentiles percentiles to report
     */
    public static StageMetrics compute(
            List<StageSample> samples,
            long windowStartNs,
            long windowEndNs,
            double requestedRate,
            int concurrency,
            SloSpec slos,
            List<Double> percentiles) {
        return compute(samples, windowStartNs, windowEndNs, requestedRate, concurrency, slos, percentiles, -1);
    }

    /**
     * The metrics of one window, with rates over a given duration instead of the window's own: a part of a run
     * (one server's requests) measured over the whole run's duration, so that the parts' rates add up to the run's.
     *
     * @param durationNs the duration the rates are over, or a negative number for the window's own (first scheduled
     *     start to last completion)
     */
    public static StageMetrics compute(
            List<StageSample> samples,
            long windowStartNs,
            long windowEndNs,
            double requestedRate,
            int concurrency,
            SloSpec slos,
            List<Double> percentiles,
            long durationNs) {
        List<StageSample> in = samples.stream()
                .filter(s ->
                        s.record().scheduledNs() >= windowStartNs && s.record().scheduledNs() < windowEndNs)
                .toList();
        List<StageSample> ok = in.stream().filter(s -> s.record().ok()).toList();
        long duration = durationNs >= 0 ? durationNs : duration(in);
        Map<String, SummaryStats> latency = new LinkedHashMap<>();
        latency.put("ttft", per(ok, RequestMetrics::ttftNs, percentiles));
        latency.put("ttft_from_send", per(ok, RequestMetrics::ttftFromSendNs, percentiles));
        latency.put("tpot", per(ok, RequestMetrics::tpotNs, percentiles));
        latency.put("itl_token", gaps(ok, true, percentiles));
        latency.put("itl_chunk", gaps(ok, false, percentiles));
        latency.put("ntpot", per(ok, RequestMetrics::ntpotNs, percentiles));
        latency.put("time_per_request", per(ok, RequestMetrics::timePerRequestNs, percentiles));
        latency.put("e2e_latency", per(ok, RequestMetrics::e2eNs, percentiles));
        latency.put("e2e_latency_from_send", per(ok, RequestMetrics::e2eFromSendNs, percentiles));
        latency.put("schedule_delay", per(in, RequestMetrics::scheduleDelayNs, percentiles));
        latency.put("connection_wait", per(in, RequestMetrics::connectionWaitNs, percentiles));
        SummaryStats.Builder inTok = new SummaryStats.Builder();
        SummaryStats.Builder outTok = new SummaryStats.Builder();
        long inTotal = 0;
        long outTotal = 0;
        for (StageSample s : ok) {
            long i = s.inputTokens();
            if (i >= 0) {
                inTok.add(i);
                inTotal += i;
            }
            long o = s.record().outputTokens();
            if (o >= 0) {
                outTok.add(o);
                outTotal += o;
            }
        }
        double secs = duration / 1e9;
        StageMetrics.Rates rates = secs > 0
                ? new StageMetrics.Rates(outTotal / secs, inTotal / secs, (inTotal + outTotal) / secs, ok.size() / secs)
                : new StageMetrics.Rates(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        return new StageMetrics(
                in.size(),
                ok.size(),
                duration,
                load(in, requestedRate, concurrency),
                latency,
                inTok.build(percentiles),
                outTok.build(percentiles),
                inTotal,
                outTotal,
                rates,
                tokenCounts(ok),
                goodput(ok, slos, secs),
                failures(in, ok.size()));
    }

    private static long duration(List<StageSample> in) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (StageSample s : in) {
            first = Math.min(first, s.record().scheduledNs());
            if (s.record().doneNs() != ABSENT) {
                last = Math.max(last, s.record().doneNs());
            }
        }
        return in.isEmpty() || last == Long.MIN_VALUE ? 0 : Math.max(0, last - first);
    }

    private static StageLoad load(List<StageSample> in, double requestedRate, int concurrency) {
        long[] issued = in.stream()
                .mapToLong(s -> s.record().issuedNs())
                .filter(t -> t != ABSENT)
                .sorted()
                .toArray();
        if (issued.length < 2) {
            return new StageLoad(requestedRate, concurrency, Double.NaN, 0);
        }
        long span = issued[issued.length - 1] - issued[0];
        return new StageLoad(
                requestedRate, concurrency, span > 0 ? (issued.length - 1) / (span / 1e9) : Double.NaN, span);
    }

    private static SummaryStats per(List<StageSample> pop, ToLongFunction<RequestRecord> f, List<Double> pct) {
        SummaryStats.Builder b = new SummaryStats.Builder();
        for (StageSample s : pop) {
            long v = f.applyAsLong(s.record());
            if (v != ABSENT) {
                b.add(v);
            }
        }
        return b.build(pct);
    }

    private static SummaryStats gaps(List<StageSample> ok, boolean perToken, List<Double> pct) {
        SummaryStats.Builder b = new SummaryStats.Builder();
        for (StageSample s : ok) {
            RequestRecord r = s.record();
            long[] t = r.chunkTimesNs();
            if (!r.stream() || t == null || t.length < 2) {
                continue;
            }
            double tokensPerGap = 1.0;
            if (perToken && r.outputTokens() > t.length) {
                tokensPerGap = (r.outputTokens() - 1.0) / (t.length - 1);
            }
            long times = Math.max(1, Math.round(tokensPerGap));
            for (int i = 1; i < t.length; i++) {
                long gap = t[i] - t[i - 1];
                b.add(Math.round(gap / tokensPerGap), times);
            }
        }
        return b.build(pct);
    }

    private static StageMetrics.TokenCounts tokenCounts(List<StageSample> ok) {
        Map<TokenCountSource, Long> sources = new EnumMap<>(TokenCountSource.class);
        TokenCountCheck check = new TokenCountCheck();
        long clientTotal = 0;
        for (StageSample s : ok) {
            TokenCountSource src = s.record().outputTokenSource();
            sources.merge(src == null ? TokenCountSource.NONE : src, 1L, Long::sum);
            if (s.clientOutputTokens() >= 0) {
                clientTotal += s.clientOutputTokens();
                boolean serverCounted = src == TokenCountSource.SERVER_USAGE || src == TokenCountSource.TOKEN_IDS;
                check.add(
                        s.clientOutputTokens(),
                        serverCounted ? (int) s.record().outputTokens() : TokenCountCheck.NO_USAGE);
            }
        }
        String source = sources.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(e -> switch (e.getKey()) {
                    case SERVER_USAGE -> "server usage";
                    case TOKEN_IDS -> "token ids";
                    case CHUNK_ESTIMATE -> "chunk estimate";
                    case NONE -> "none";
                })
                .orElse("none");
        return new StageMetrics.TokenCounts(source, check.result(), clientTotal);
    }

    private static StageMetrics.Goodput goodput(List<StageSample> ok, SloSpec slos, double secs) {
        if (slos.isEmpty()) {
            return null;
        }
        long good = 0;
        long goodTokens = 0;
        Map<LatencyMetric, Long> met = new EnumMap<>(LatencyMetric.class);
        for (StageSample s : ok) {
            RequestRecord r = s.record();
            if (slos.meets(r)) {
                good++;
                goodTokens += Math.max(0, r.outputTokens());
            }
            for (Map.Entry<LatencyMetric, Long> e : slos.thresholdsNs().entrySet()) {
                long v = e.getKey().valueNs(r);
                if (v == ABSENT || v <= e.getValue()) {
                    met.merge(e.getKey(), 1L, Long::sum);
                }
            }
        }
        Map<String, Double> attainment = new LinkedHashMap<>();
        for (LatencyMetric m : slos.thresholdsNs().keySet()) {
            attainment.put(m.key(), ok.isEmpty() ? Double.NaN : (double) met.getOrDefault(m, 0L) / ok.size());
        }
        return new StageMetrics.Goodput(
                slos, good, secs > 0 ? good / secs : Double.NaN, secs > 0 ? goodTokens / secs : Double.NaN, attainment);
    }

    private static FailureSummary failures(List<StageSample> in, long succeeded) {
        Map<Outcome.Kind, Long> byKind = new EnumMap<>(Outcome.Kind.class);
        for (Outcome.Kind k : Outcome.Kind.values()) {
            if (k != Outcome.Kind.OK) {
                byKind.put(k, 0L);
            }
        }
        Map<List<Object>, Long> messages = new HashMap<>();
        for (StageSample s : in) {
            Outcome o = s.record().outcome();
            if (!o.isOk()) {
                byKind.merge(o.kind(), 1L, Long::sum);
                messages.merge(List.of(o.kind(), o.describe()), 1L, Long::sum);
            }
        }
        List<FailureSummary.Message> top = messages.entrySet().stream()
                .map(e -> new FailureSummary.Message(
                        (Outcome.Kind) e.getKey().get(0), (String) e.getKey().get(1), e.getValue()))
                .sorted(Comparator.comparingLong(FailureSummary.Message::count)
                        .reversed()
                        .thenComparing(FailureSummary.Message::kind)
                        .thenComparing(FailureSummary.Message::message))
                .limit(FailureSummary.MAX_MESSAGES)
                .toList();
        long failed = in.size() - succeeded;
        return new FailureSummary(failed, in.isEmpty() ? Double.NaN : (double) failed / in.size(), byKind, top);
    }
}
