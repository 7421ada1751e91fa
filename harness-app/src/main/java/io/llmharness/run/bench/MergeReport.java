package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.StageSample;
import io.llmharness.metrics.StageTable;
import io.llmharness.report.RunInfo;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.RequestRow;
import io.llmharness.report.format.StageResult;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.RenderedProfile;
import io.llmharness.workload.read.ProfileReaders;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The report model of the whole run from its shards. Every shard's requests are put on one time base (the earliest
 * shard's run start; each shard's times move by the difference of the wall-clock anchors of their request tables)
 * and renumbered ({@link MergeRequests#global}); a request stays in the stage its shard ran it in. Counts, token
 * totals and rates are those of {@link StageTable} over all shards' requests, so the duration of a merged stage runs
 * from the earliest scheduled start of any shard to the latest completion of any shard; the latency percentiles are
 * then replaced by those of the shards' summed HdrHistograms ({@link MergeHistograms}).
 */
final class MergeReport {

    private MergeReport() {}

    /** The merged report; {@code warnings} receives what the reader should know. */
    static BenchReport build(List<MergeShard> shards, RunInfo info, MergeHistograms hists, List<String> warnings) {
        MergeShard first = shards.get(0);
        WorkloadSpec spec = spec(first);
        Instant anchor = shards.stream()
                .map(MergeShard::anchor)
                .min(Comparator.naturalOrder())
                .orElseThrow();
        List<RequestRow> rows = new ArrayList<>();
        Map<Integer, long[]> windows = new LinkedHashMap<>();
        Map<Integer, long[]> plannedAndInterrupted = new LinkedHashMap<>();
        TreeSet<Integer> stageIndices = new TreeSet<>();
        for (MergeShard s : shards) {
            long delta = Duration.between(anchor, s.anchor()).toNanos();
            rows.addAll(rows(s, delta, warnings));
            for (JsonNode st : s.summary().path("stages")) {
                int k = st.path("index").asInt();
                stageIndices.add(k);
                long[] pi = plannedAndInterrupted.computeIfAbsent(k, x -> new long[2]);
                pi[0] += st.path("planned_requests").asLong(0);
                pi[1] |= st.path("interrupted").asBoolean(false) ? 1 : 0;
                JsonNode times = s.shardStage(k);
                long[] w = windows.computeIfAbsent(k, x -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                if (times.has("started_at")) {
                    w[0] = Math.min(w[0], nanos(anchor, times.path("started_at").asText()));
                }
                if (times.has("ended_at")) {
                    w[1] = Math.max(w[1], nanos(anchor, times.path("ended_at").asText()));
                }
            }
        }
        rows.sort(Comparator.comparingLong(r -> r.record().sampleIndex()));
        List<Double> pct = BenchOutputs.percentiles(spec.report());
        var slos = BenchOutputs.slos(spec.report().goodputSeconds());
        List<StageResult> stages = new ArrayList<>();
        for (int k : stageIndices) {
            Stage stage =
                    spec.load().stages().get(Math.min(k, spec.load().stages().size() - 1));
            List<RequestRow> mine = rows.stream().filter(r -> r.stage() == k).toList();
            double rate = stage instanceof Stage.Rate r ? r.rate() : Double.NaN;
            int conc = stage instanceof Stage.Concurrency c ? c.concurrency() : 0;
            StageMetrics m = StageTable.compute(samples(mine), Long.MIN_VALUE, Long.MAX_VALUE, rate, conc, slos, pct);
            m = hists.percentiles(BenchHistograms.stageScope(k), m, pct, warnings);
            long[] w = windows.get(k);
            long start = w[0] != Long.MAX_VALUE
                    ? w[0]
                    : mine.stream()
                            .mapToLong(r -> r.record().scheduledNs())
                            .min()
                            .orElse(0);
            long end = w[1] != Long.MIN_VALUE ? w[1] : start;
            stages.add(new StageResult(
                    k,
                    stage,
                    plannedAndInterrupted.get(k)[0],
                    plannedAndInterrupted.get(k)[1] != 0,
                    start,
                    Math.max(start, end),
                    m,
                    mine.stream().mapToLong(r -> r.record().sampleIndex()).min().orElse(-1),
                    mine.stream().mapToLong(r -> r.record().sampleIndex()).max().orElse(-1)));
        }
        StageMetrics total =
                StageTable.compute(samples(rows), Long.MIN_VALUE, Long.MAX_VALUE, Double.NaN, 0, slos, pct);
        total = hists.percentiles(BenchHistograms.TOTAL, total, pct, warnings);
        JsonNode w = first.summary().path("workload");
        return new BenchReport(
                info,
                spec,
                first.id().profileName(),
                first.id().profileText(),
                text(w.path("model")),
                text(w.path("base_url")),
                tokenizer(w),
                text(w.path("data")),
                anchor,
                0,
                stages,
                total,
                rows,
                stopReason(shards),
                warnings,
                null, // the shards' server scrapes are of one server seen N times: not merged
                List.of());
    }

    private static List<RequestRow> rows(MergeShard s, long delta, List<String> warnings) {
        int index = s.id().index();
        int count = s.id().count();
        Map<Long, JsonNode> entries = MergeRequests.entries(s.dir());
        boolean clientCounts = !s.summary().path("workload").path("tokenizer").isNull()
                && s.summary().path("workload").has("tokenizer");
        List<RequestRow> out = new ArrayList<>();
        long outside = 0;
        for (RequestRecord r : s.records().requests()) {
            int stage = stageOf(s, r.sampleIndex());
            if (stage < 0) {
                outside++;
                continue;
            }
            JsonNode e = entries.get(r.sampleIndex());
            String output = e == null || !r.ok() ? null : e.path("response").asText(null);
            int in = e != null && clientCounts
                    ? e.path("info").path("input_tokens").asInt(-1)
                    : -1;
            int outTok = e != null && clientCounts && output != null
                    ? e.path("info")
                            .path("response_metrics")
                            .path("output_tokens")
                            .asInt(-1)
                    : -1;
            String session =
                    e == null ? null : text(e.path("info").path("extra_info").path("session"));
            RequestRecord moved = MergeRequests.shifted(r, delta, index, count);
            out.add(new RequestRow(
                    stage, new MergeRequests.Recorded(moved.sampleIndex(), session, in), moved, output, in, outTok));
        }
        if (outside > 0) {
            warnings.add(s.dir() + ": " + outside + " requests in no stage's sample range of its summary.json;"
                    + " left out");
        }
        if (entries.isEmpty() && !s.records().requests().isEmpty()) {
            warnings.add(s.dir() + ": no " + MergeRequests.PER_REQUEST + "; its outputs and client-side token"
                    + " counts are unknown in the merged report");
        }
        return out;
    }

    private static int stageOf(MergeShard s, long sample) {
        for (JsonNode st : s.summary().path("stages")) {
            if (sample >= st.path("first_sample_index").asLong(-1)
                    && sample <= st.path("last_sample_index").asLong(-2)) {
                return st.path("index").asInt();
            }
        }
        return -1;
    }

    private static List<StageSample> samples(List<RequestRow> rows) {
        return rows.stream()
                .map(r -> new StageSample(r.record(), r.clientInputTokens(), r.clientOutputTokens()))
                .toList();
    }

    /** The workload as the shards ran it: their rendered profile with the seed, model, URL and SLOs they used. */
    static WorkloadSpec spec(MergeShard s) {
        MergeShard.ShardId id = s.id();
        HarnessKind harness = HarnessKind.parse(id.harness(), s.dir().resolve("summary.json") + ": workload.harness");
        ProfileSource source = new ProfileSource(
                harness, id.profileName(), s.dir().resolve(id.profileName()).toString(), id.profileText());
        long seed = s.config().path("seed").asLong(BenchResolver.DEFAULT_SEED);
        WorkloadSpec spec =
                ProfileReaders.read(new RenderedProfile(source, id.profileText(), java.util.Set.of(), List.of()), seed);
        spec = spec.withLoad(spec.load().withSeed(seed));
        JsonNode w = s.summary().path("workload");
        spec = spec.withServer(spec.server().withModel(text(w.path("model"))).withBaseUrl(text(w.path("base_url"))));
        Map<String, Double> slos = new LinkedHashMap<>();
        s.config()
                .path("slo_seconds")
                .properties()
                .forEach(e -> slos.put(e.getKey(), e.getValue().asDouble()));
        return spec.withReport(spec.report().withGoodput(slos));
    }

    private static ResolvedTokenizer tokenizer(JsonNode w) {
        String source = text(w.path("tokenizer"));
        if (source == null) {
            return null;
        }
        List<String> notes = new ArrayList<>();
        w.path("tokenizer_notes").forEach(n -> notes.add(n.asText()));
        ResolvedTokenizer.Kind kind = ResolvedTokenizer.Kind.valueOf(
                w.path("tokenizer_kind").asText("synthetic").toUpperCase(Locale.ROOT));
        return new ResolvedTokenizer(new Recorded(source), kind, notes);
    }

    private static String stopReason(List<MergeShard> shards) {
        List<String> reasons = new ArrayList<>();
        for (MergeShard s : shards) {
            String r = text(s.summary().path("run").path("stop_reason"));
            if (r != null) {
                reasons.add("shard " + s.id().index() + ": " + r);
            }
        }
        return reasons.isEmpty() ? null : String.join("; ", reasons);
    }

    private static long nanos(Instant anchor, String instant) {
        return Duration.between(anchor, Instant.parse(instant)).toNanos();
    }

    static String text(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() ? null : n.asText();
    }

    /** The tokenizer the shards counted with, by name only: the merge counts nothing. */
    private record Recorded(String source) implements TextTokenizer {
        @Override
        public int[] encode(String text) {
            throw new UnsupportedOperationException("the merge recounts no tokens");
        }

        @Override
        public String decode(int[] ids) {
            throw new UnsupportedOperationException("the merge decodes no tokens");
        }
    }
}
