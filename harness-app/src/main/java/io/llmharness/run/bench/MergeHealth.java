package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.metrics.ClientHealth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client-health verdict of a merged run, from its shards' summary.json: per stage and for the run,
 * {@code client-limited} when any shard's was, with each shard's reasons prefixed by the shard
 * ({@code shard 1: stage 2: connection cap reached: ...}) and each shard's verdict under {@code shards}. The
 * figures stay in the shards' own summaries: a loop lag or a CPU share of several machines does not add up.
 *
 * @param section the run's {@code client_health}, or null when no shard had one (written before it existed)
 * @param stageSections each stage's {@code client_health}, by stage index (stages no shard judged are left out)
 */
record MergeHealth(Map<String, Object> section, Map<Integer, Map<String, Object>> stageSections) {

    static final String FIELD = "client_health";

    /** The verdicts of the shards' summaries. */
    static MergeHealth of(List<MergeShard> shards) {
        List<BenchHealth.Part> run = new ArrayList<>();
        Map<Integer, List<BenchHealth.Part>> stages = new TreeMap<>();
        for (MergeShard s : shards) {
            int shard = s.id().index();
            BenchHealth.Part p = part(shard, s.summary().path(FIELD));
            if (p != null) {
                run.add(p);
            }
            for (JsonNode st : s.summary().path("stages")) {
                BenchHealth.Part sp = part(shard, st.path(FIELD));
                if (sp != null) {
                    stages.computeIfAbsent(st.path("index").asInt(), k -> new ArrayList<>())
                            .add(sp);
                }
            }
        }
        Map<Integer, Map<String, Object>> bySt = new LinkedHashMap<>();
        stages.forEach((k, parts) -> bySt.put(k, BenchHealth.combined(parts, "shards")));
        return new MergeHealth(run.isEmpty() ? null : BenchHealth.combined(run, "shards"), bySt);
    }

    private static BenchHealth.Part part(int shard, JsonNode h) {
        if (!h.path("verdict").isTextual()) {
            return null;
        }
        List<String> reasons = new ArrayList<>();
        h.path("reasons").forEach(r -> reasons.add(r.asText()));
        return new BenchHealth.Part("shard", shard, h.path("verdict").asText(), reasons);
    }

    /** Whether the merged run was client-limited. */
    boolean limited() {
        return section != null && ClientHealth.Verdict.CLIENT_LIMITED.text().equals(section.get("verdict"));
    }

    /** The terminal line after stage {@code index}'s result line, or null when no shard judged it. */
    String line(int index) {
        Map<String, Object> m = stageSections.get(index);
        if (m == null) {
            return null;
        }
        List<?> reasons = (List<?>) m.get("reasons");
        return "  client health: " + m.get("verdict")
                + (reasons.isEmpty()
                        ? ""
                        : ": "
                                + String.join(
                                        "; ",
                                        reasons.stream().map(String::valueOf).toList()));
    }
}
