package io.llmharness.report.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.llmharness.metrics.SummaryStats;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code scenario.load} section of a Benchmark Report v0.2. */
final class BenchmarkReportLoad {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper CANONICAL =
            new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private BenchmarkReportLoad() {}

    static Map<String, Object> load(BenchReport r, StageResult s) {
        Object config = config(r.renderedProfile());
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("schema_version", "0.0.1");
        metadata.put("cfg_id", sha256(config));
        metadata.put(
                "description",
                "llm-harness bench, " + r.spec().harness().dirName() + " semantics, stage " + s.index() + ": "
                        + s.stage().describe());
        Map<String, Object> std = new LinkedHashMap<>();
        std.put("tool", r.spec().harness().dirName());
        std.put("tool_version", "llm-harness " + r.run().toolVersion());
        std.put("parallelism", 1);
        std.put("source", source(r.spec().data()));
        std.put("stage", s.index());
        DataSpec d = r.spec().data();
        std.put("input_seq_len", seqLen(inputDist(d), s.metrics().inputTokens()));
        std.put("output_seq_len", seqLen(outputDist(d), s.metrics().outputTokens()));
        Map<String, Object> prefix = prefix(d);
        if (prefix != null) {
            std.put("prefix", prefix);
        }
        if (d instanceof DataSpec.ConversationReplay || (d instanceof DataSpec.SharedPrefix sp && sp.multiTurn())) {
            std.put("multi_turn", Map.of("enabled", true));
        }
        if (s.requestedRate() > 0) {
            std.put("rate_qps", s.requestedRate());
        }
        if (s.concurrency() > 0) {
            std.put("concurrency", s.concurrency());
        }
        Map<String, Object> nativeSection = new LinkedHashMap<>();
        nativeSection.put("args", Map.of());
        nativeSection.put("envars", Map.of());
        nativeSection.put("config", config);
        Map<String, Object> load = new LinkedHashMap<>();
        load.put("metadata", metadata);
        load.put("standardized", std);
        load.put("native", nativeSection);
        return load;
    }

    private static Object config(String rendered) {
        try {
            JsonNode n = YAML.readTree(rendered);
            return n == null ? Map.of() : CANONICAL.convertValue(n, Object.class);
        } catch (java.io.IOException e) {
            return Map.of();
        }
    }

    static String sha256(Object config) {
        try {
            byte[] json = CANONICAL.writeValueAsString(config).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
        } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String source(DataSpec d) {
        return switch (d) {
            case DataSpec.Random r -> "random";
            case DataSpec.SharedPrefix sp -> "random";
            case DataSpec.ConversationReplay c -> "random";
            case DataSpec.Synthetic sy -> "sampled";
            case DataSpec.TraceLengths t -> "sampled";
            case DataSpec.ShareGpt sg -> "sampled";
            case DataSpec.Mock m -> "unknown";
        };
    }

    private static LengthDistribution inputDist(DataSpec d) {
        return switch (d) {
            case DataSpec.Random r -> r.input();
            case DataSpec.Synthetic s -> s.input();
            default -> null;
        };
    }

    private static LengthDistribution outputDist(DataSpec d) {
        return switch (d) {
            case DataSpec.Random r -> r.output();
            case DataSpec.Synthetic s -> s.output();
            case DataSpec.SharedPrefix sp -> sp.outputLen();
            case DataSpec.ConversationReplay c -> c.outputPerTurn();
            default -> null;
        };
    }

    /** A SequenceLength from the profile's distribution, else from what was measured. */
    private static Map<String, Object> seqLen(LengthDistribution d, SummaryStats measured) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (d != null) {
            m.put(
                    "distribution",
                    switch (d.kind()) {
                        case NORMAL -> "gaussian";
                        case FIXED -> "fixed";
                        case UNIFORM -> "uniform";
                        case LOGNORMAL -> "other";
                    });
            m.put("value", d.mean());
            if (d.kind() != LengthDistribution.Kind.FIXED) {
                m.put("std_dev", d.stdDev());
            }
            m.put("min", d.min());
            m.put("max", Math.max(1, d.max()));
            return m;
        }
        m.put("distribution", "other");
        m.put("value", measured.isEmpty() ? 0.0 : measured.mean());
        if (!measured.isEmpty()) {
            m.put("std_dev", measured.stdDev());
            m.put("min", measured.min());
            m.put("max", Math.max(1, measured.max()));
        }
        return m;
    }

    private static Map<String, Object> prefix(DataSpec d) {
        if (d instanceof DataSpec.SharedPrefix sp) {
            return prefix(sp.systemPromptLen().mean(), sp.groups(), sp.promptsPerGroup(), 1);
        }
        if (d instanceof DataSpec.Random r && r.prefixTokens() > 0) {
            return prefix(r.prefixTokens(), r.prefixCount(), 1, r.prefixCount());
        }
        return null;
    }

    private static Map<String, Object> prefix(double len, int groups, int users, int prefixes) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("prefix_len", Map.of("distribution", "fixed", "value", len));
        p.put("num_groups", groups);
        p.put("num_users_per_group", users);
        p.put("num_prefixes", prefixes);
        return p;
    }
}
