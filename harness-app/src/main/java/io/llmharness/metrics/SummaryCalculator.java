package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.EndpointStats;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Computes a {@link MetricSummary} from a snapshot; one instance per computation. */
final class SummaryCalculator {

    private final RecordSnapshot snapshot;
    private final MeasureOptions options;
    private final List<RequestRecord> measured;
    private final List<RequestRecord> succeeded;
    private final MeasuredWindow span;

    SummaryCalculator(RecordSnapshot snapshot, MeasureOptions options) {
        this(snapshot, options, null);
    }

    /** A calculator whose span is given (a part of a run measured over the whole run's span), or null to find it. */
    SummaryCalculator(RecordSnapshot snapshot, MeasureOptions options, MeasuredWindow span) {
        this.snapshot = snapshot;
        this.options = options;
        this.span = span;
        this.measured = snapshot.requests().stream()
                .filter(r -> options.contains(RequestMetrics.startNs(r)))
                .toList();
        this.succeeded = measured.stream().filter(RequestRecord::ok).toList();
    }

    MetricSummary compute(List<EndpointStats> endpoints) {
        MeasuredWindow window = span != null ? span : window();
        TokenSummary tokens = tokens();
        return new MetricSummary(
                window,
                counts(),
                latency(),
                tokens,
                throughput(window, tokens),
                failures(),
                options.slos(),
                endpoints,
                List.of());
    }

    private MeasuredWindow window() {
        long anchor = snapshot.nanoAnchor();
        long start = options.boundedStart()
                ? options.windowStartNs()
                : measured.stream().mapToLong(RequestMetrics::startNs).min().orElse(anchor);
        long end = measured.stream()
                .mapToLong(RequestRecord::doneNs)
                .filter(t -> t != ABSENT)
                .max()
                .orElse(start);
        if (options.boundedEnd()) {
            end = Math.max(end, options.windowEndNs());
        }
        end = Math.max(end, start);
        return new MeasuredWindow(
                options.boundedStart() ? options.windowStartNs() - anchor : null,
                options.boundedEnd() ? options.windowEndNs() - anchor : null,
                start - anchor,
                end - anchor,
                snapshot.toInstant(start),
                snapshot.toInstant(end));
    }

    private RequestCounts counts() {
        long streamed = succeeded.stream().filter(RequestRecord::stream).count();
        return new RequestCounts(
                snapshot.requests().size(),
                measured.size(),
                succeeded.size(),
                measured.size() - succeeded.size(),
                streamed);
    }

    private Map<LatencyMetric, Distribution> latency() {
        Map<LatencyMetric, Distribution> out = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) {
            out.put(
                    m,
                    switch (m.population()) {
                        case SUCCESSFUL -> perRequest(m, succeeded);
                        case ISSUED -> perRequest(m, measured);
                        case POOLED ->
                            pooled(m == LatencyMetric.ITL_CHUNK ? snapshot.chunkGaps() : snapshot.tokenGaps());
                    });
        }
        return out;
    }

    private static Distribution perRequest(LatencyMetric m, List<RequestRecord> population) {
        Histogram h = Distribution.newHistogram();
        for (RequestRecord r : population) {
            long v = m.valueNs(r);
            if (v != ABSENT) {
                h.recordValue(Math.max(0, v)); // a negative difference (clock order) counts as 0
            }
        }
        return Distribution.of(h);
    }

    private static Distribution pooled(Histogram h) {
        return h == null ? Distribution.EMPTY : Distribution.of(h);
    }

    private TokenSummary tokens() {
        Histogram in = Distribution.newHistogram();
        Histogram out = Distribution.newHistogram();
        long inTotal = 0;
        long outTotal = 0;
        long inUnknown = 0;
        Map<TokenCountSource, Long> sources = new EnumMap<>(TokenCountSource.class);
        for (TokenCountSource s : TokenCountSource.values()) {
            sources.put(s, 0L);
        }
        for (RequestRecord r : succeeded) {
            if (r.inputTokens() >= 0) {
                inTotal += r.inputTokens();
                in.recordValue(r.inputTokens());
            } else {
                inUnknown++;
            }
            if (r.outputTokens() >= 0) {
                outTotal += r.outputTokens();
                out.recordValue(r.outputTokens());
            }
            TokenCountSource s = r.outputTokenSource() == null ? TokenCountSource.NONE : r.outputTokenSource();
            sources.merge(s, 1L, Long::sum);
        }
        return new TokenSummary(inTotal, outTotal, inUnknown, sources, Distribution.of(in), Distribution.of(out));
    }

    private Throughput throughput(MeasuredWindow window, TokenSummary tokens) {
        double seconds = window.durationSeconds();
        if (seconds <= 0) {
            return new Throughput(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double goodput = Double.NaN;
        if (!options.slos().isEmpty()) {
            goodput = succeeded.stream().filter(options.slos()::meets).count() / seconds;
        }
        return new Throughput(
                succeeded.size() / seconds, tokens.outputTotal() / seconds, tokens.inputTotal() / seconds, goodput);
    }

    private FailureSummary failures() {
        Map<Outcome.Kind, Long> byKind = new EnumMap<>(Outcome.Kind.class);
        for (Outcome.Kind k : Outcome.Kind.values()) {
            if (k != Outcome.Kind.OK) {
                byKind.put(k, 0L);
            }
        }
        Map<MessageKey, Long> messages = new HashMap<>();
        for (RequestRecord r : measured) {
            if (!r.ok()) {
                byKind.merge(r.outcome().kind(), 1L, Long::sum);
                messages.merge(new MessageKey(r.outcome().kind(), r.outcome().describe()), 1L, Long::sum);
            }
        }
        List<FailureSummary.Message> top = messages.entrySet().stream()
                .map(e ->
                        new FailureSummary.Message(e.getKey().kind(), e.getKey().message(), e.getValue()))
                .sorted(Comparator.comparingLong(FailureSummary.Message::count)
                        .reversed()
                        .thenComparing(FailureSummary.Message::kind)
                        .thenComparing(FailureSummary.Message::message))
                .limit(FailureSummary.MAX_MESSAGES)
                .toList();
        long failed = measured.size() - succeeded.size();
        double rate = measured.isEmpty() ? Double.NaN : (double) failed / measured.size();
        return new FailureSummary(failed, rate, byKind, top);
    }

    private record MessageKey(Outcome.Kind kind, String message) {}
}
