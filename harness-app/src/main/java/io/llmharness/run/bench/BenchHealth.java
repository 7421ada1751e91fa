package io.llmharness.run.bench;

import io.llmharness.client.health.ClientSamples;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.HealthThresholds;
import io.llmharness.metrics.ScheduleFidelity;
import io.llmharness.report.ClientHealthSection;
import io.llmharness.workload.spec.Stage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client-health verdict of a workload run: each sampled stage judged by {@link ClientHealth#evaluate} on its own
 * requests and its own {@link StageSamplers sampler's} figures (a trace replay's stage also by its schedule lag,
 * {@link ScheduleFidelity}, one more reason), and the run as a whole: {@code client-limited} when any stage was, with
 * each stage's reasons prefixed by the stage ({@code stage 2: event loop lag p99 5.8 ms > 2.0 ms}). Immutable; no
 * I/O. Layout in docs/metrics.md, "Workload mode".
 *
 * @param stages the judged stages, in run order (stages without samples are left out)
 * @param thresholds the limits applied
 */
public record BenchHealth(List<StageHealth> stages, HealthThresholds thresholds) {

    /** The verdict of one stage. */
    public record StageHealth(int index, ClientHealth health) {}

    /**
     * One verdict among several that make a larger one: a stage of a run, a shard of a merged run.
     *
     * @param kind what it is ({@code stage}, {@code shard}): the key of its entry and the first word of its prefix
     * @param id its index
     * @param verdict {@code ok} or {@code client-limited}
     * @param reasons its reasons, unprefixed
     */
    public record Part(String kind, int id, String verdict, List<String> reasons) {
        public Part {
            reasons = List.copyOf(reasons);
        }

        boolean limited() {
            return ClientHealth.Verdict.CLIENT_LIMITED.text().equals(verdict);
        }

        /** {@code stage 2: <reason>}. */
        String prefixed(String reason) {
            return kind + " " + id + ": " + reason;
        }
    }

    public BenchHealth {
        stages = List.copyOf(stages);
    }

    /**
     * Judges every stage that has samples.
     *
     * @param runs the stages as run
     * @param samples each stage's sampler's figures, by stage index
     */
    public static BenchHealth of(List<StageRun> runs, Map<Integer, ClientSamples> samples, HealthThresholds t) {
        List<StageHealth> out = new ArrayList<>();
        for (StageRun run : runs) {
            ClientSamples s = samples.get(run.index());
            if (s == null) {
                continue;
            }
            var records = run.records().stream().map(BenchRecord::record).toList();
            ClientHealth h = ClientHealth.evaluate(records, s, t);
            if (run.stage() instanceof Stage.Replay rp) {
                h = h.withReasons(
                        ScheduleFidelity.of(records, rp.plan().options().lagThresholdNs())
                                .reasons());
            }
            out.add(new StageHealth(run.index(), h));
        }
        return new BenchHealth(out, t);
    }

    /** Whether nothing was judged (no stage ran, or none was sampled). */
    public boolean isEmpty() {
        return stages.isEmpty();
    }

    /** Whether any stage was client-limited. */
    public boolean limited() {
        return stages.stream().anyMatch(s -> !s.health().ok());
    }

    /** The verdict of stage {@code index}, or null when it was not judged. */
    public ClientHealth stage(int index) {
        for (StageHealth s : stages) {
            if (s.index() == index) {
                return s.health();
            }
        }
        return null;
    }

    /** The verdict of the run's trace replay stage, or null when it replayed none (or it was not judged). */
    ClientHealth replay(List<StageRun> runs) {
        for (StageRun r : runs) {
            if (r.stage() instanceof Stage.Replay) {
                return stage(r.index());
            }
        }
        return null;
    }

    /** The run's reasons: every stage's, prefixed by the stage, in run order. */
    public List<String> reasons() {
        List<String> out = new ArrayList<>();
        for (Part p : parts()) {
            p.reasons().forEach(r -> out.add(p.prefixed(r)));
        }
        return out;
    }

    /** Each stage's {@code client_health} object for summary.json (MLPerf mode's layout), by stage index. */
    public Map<Integer, Map<String, Object>> stageSections() {
        Map<Integer, Map<String, Object>> out = new LinkedHashMap<>();
        for (StageHealth s : stages) {
            out.put(s.index(), ClientHealthSection.of(s.health(), null));
        }
        return out;
    }

    /**
     * The run's {@code client_health} object for summary.json: {@code verdict}, {@code reasons} (prefixed by the
     * stage), {@code stages} (each stage's index and verdict) and {@code thresholds}; null when nothing was judged.
     */
    public Map<String, Object> section() {
        if (isEmpty()) {
            return null;
        }
        Map<String, Object> m = combined(parts(), "stages");
        m.put("thresholds", thresholds.toMap());
        return m;
    }

    /** The terminal line after stage {@code index}'s result line, or null when it was not judged. */
    public String line(int index) {
        ClientHealth h = stage(index);
        return h == null ? null : "  client health: " + h.line();
    }

    private List<Part> parts() {
        return stages.stream()
                .map(s -> new Part(
                        "stage",
                        s.index(),
                        s.health().verdict().text(),
                        s.health().reasons()))
                .toList();
    }

    /**
     * Several verdicts as one: {@code client-limited} when any part is, the parts' reasons prefixed by the part
     * ({@code stage 2: ...}, {@code shard 1: stage 2: ...}), then, under {@code partsKey} (unless null), each part's
     * id and verdict.
     */
    public static Map<String, Object> combined(List<Part> parts, String partsKey) {
        List<String> reasons = new ArrayList<>();
        List<Map<String, Object>> entries = new ArrayList<>();
        boolean limited = false;
        for (Part p : parts) {
            limited |= p.limited();
            p.reasons().forEach(r -> reasons.add(p.prefixed(r)));
            Map<String, Object> e = new LinkedHashMap<>();
            e.put(p.kind(), p.id());
            e.put("verdict", p.verdict());
            entries.add(e);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", (limited ? ClientHealth.Verdict.CLIENT_LIMITED : ClientHealth.Verdict.OK).text());
        m.put("reasons", reasons);
        if (partsKey != null) {
            m.put(partsKey, entries);
        }
        return m;
    }
}
