package io.llmharness.workload.read;

import io.llmharness.client.EndpointType;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * inference-perf's {@code data} section. Distributions take inference-perf's defaults (min 10, max 1024, mean 512,
 * std_dev 200, normal) and accept llm-d's {@code std} as a spelling of {@code std_dev}. {@code total_count} is raised
 * to the largest stage's request count + 1, as inference-perf does, so a stage never reuses a prompt.
 */
final class InferencePerfData {

    private static final Set<String> TYPES = Set.of(
            "mock",
            "shareGPT",
            "synthetic",
            "random",
            "shared_prefix",
            "conversation_replay",
            "cnn_dailymail",
            "infinity_instruct",
            "billsum_conversations",
            "otel_trace_replay",
            "weka_trace_replay",
            "visionarena");

    private static final Set<String> SUPPORTED =
            Set.of("mock", "shareGPT", "synthetic", "random", "shared_prefix", "conversation_replay");

    private InferencePerfData() {}

    static DataSpec read(YamlNode d, LoadSpec load, ApiSpec api, List<String> warnings) {
        d.allowOnly(List.of(
                "type",
                "path",
                "corpus_file_path",
                "input_distribution",
                "output_distribution",
                "shared_prefix",
                "multimodal",
                "trace",
                "otel_trace_replay",
                "weka_trace_replay",
                "conversation_replay",
                "visionarena",
                "use_chat_template"));
        String type = d.child("type").oneOf("mock", TYPES);
        if (!SUPPORTED.contains(type)) {
            throw d.child("type")
                    .error(type + " is not supported yet; supported: mock, random, synthetic,"
                            + " shared_prefix, shareGPT (a local file in data.path), conversation_replay");
        }
        d.reject("multimodal", "multimodal data is not supported yet");
        DataSpec fromTrace = lengthTrace(d, type, load, warnings);
        if (fromTrace != null) {
            return fromTrace;
        }
        if (d.child("use_chat_template").bool(false)) {
            throw d.child("use_chat_template").error("applying the tokenizer's chat template is not supported yet");
        }
        for (String other : List.of("otel_trace_replay", "weka_trace_replay", "visionarena")) {
            d.reject(other, "not supported yet");
        }
        long largest = load.largestStageRequests();
        return switch (type) {
            case "mock" -> new DataSpec.Mock();
            case "random" ->
                new DataSpec.Random(
                        distribution(d.child("input_distribution"), warnings),
                        distribution(d.child("output_distribution"), warnings),
                        totalCount(d, largest),
                        0,
                        1);
            case "synthetic" ->
                new DataSpec.Synthetic(
                        file(d.child("corpus_file_path")),
                        distribution(d.child("input_distribution"), warnings),
                        distribution(d.child("output_distribution"), warnings),
                        totalCount(d, largest));
            case "shared_prefix" -> InferencePerfSharedPrefix.read(d.child("shared_prefix"), warnings);
            case "shareGPT" -> shareGpt(d, warnings);
            case "conversation_replay" -> conversation(d.child("conversation_replay"), api, warnings);
            default -> throw new IllegalStateException(type);
        };
    }

    /**
     * {@code data.trace}: inference-perf's {@code random} generator takes request {@code i}'s input and output lengths
     * from row {@code i} of the trace (ignoring the distributions) and, with {@code load.type: trace_replay}, the send
     * times from {@code load.trace}. With a replay, which sends each row's own lengths, it is accepted when it names
     * the file {@code load.trace} replays (then null: the replay is the data); with any other load it gives
     * {@link DataSpec.TraceLengths}, cycling from the first row when a stage sends more requests than the trace has
     * rows (where inference-perf fails), with a warning.
     */
    private static DataSpec lengthTrace(YamlNode d, String type, LoadSpec load, List<String> warnings) {
        YamlNode t = d.child("trace");
        if (t.missing()) {
            return null;
        }
        if (load.replay() != null) {
            t.allowOnly(List.of("file", "format"));
            String file = t.child("file").string(null);
            String replayed = load.replay().plan().trace().source();
            if (file == null
                    || !Path.of(file.strip())
                            .normalize()
                            .equals(Path.of(replayed).normalize())) {
                throw t.child("file")
                        .error("must name the trace load.trace replays (" + replayed + "): a replay sends each row's"
                                + " own lengths; drop data.trace or give the same file");
            }
            return null;
        }
        if (!type.equals("random")) {
            throw t.error("gives the request lengths of data.type random only (as in inference-perf); set data.type:"
                    + " random, or drop data.trace");
        }
        Trace trace = InferencePerfLoad.readTrace(t);
        for (String k : List.of("input_distribution", "output_distribution")) {
            if (d.has(k)) {
                warnings.add(d.where(k) + ": ignored: data.trace gives each request's lengths");
            }
        }
        List<TraceRequest> rows = trace.requests();
        int[] in = rows.stream().mapToInt(r -> Math.max(1, r.inputLength())).toArray();
        int[] out = rows.stream().mapToInt(r -> Math.max(1, r.outputLength())).toArray();
        long largest = load.largestStageRequests();
        if (largest > rows.size()) {
            warnings.add(t.where("file") + ": " + trace.source() + " has " + rows.size() + " rows and a stage sends "
                    + largest + " requests: its rows are used again from the first (inference-perf stops with an"
                    + " error past the last row)");
        }
        return new DataSpec.TraceLengths(trace.source(), in, out);
    }

    private static DataSpec shareGpt(YamlNode d, List<String> warnings) {
        if (!d.has("path")) {
            throw d.error("shareGPT data needs a local file in data.path (nothing is downloaded); e.g."
                    + " ShareGPT_V3_unfiltered_cleaned_split.json");
        }
        LengthDistribution in = distribution(d.child("input_distribution"), warnings);
        LengthDistribution out = distribution(d.child("output_distribution"), warnings);
        return new DataSpec.ShareGpt(file(d.child("path")), in.min(), in.max(), out.min(), out.max(), null);
    }

    private static DataSpec conversation(YamlNode c, ApiSpec api, List<String> warnings) {
        c.allowOnly(List.of(
                "seed",
                "num_conversations",
                "shared_system_prompt_len",
                "dynamic_system_prompt_len",
                "turns_per_conversation",
                "input_tokens_per_turn",
                "output_tokens_per_turn",
                "tool_call_latency_sec",
                "max_model_len"));
        c.reject("tool_call_latency_sec", "tool-call pauses are not supported yet");
        if (api.endpoint() != EndpointType.CHAT_COMPLETIONS) {
            warnings.add(c.where() + ": conversations are sent to the completions API as one text (api.type"
                    + " completion); set api.type: chat to send messages");
        }
        long seed = c.child("seed").integer(42L);
        int conversations = InferencePerfLoad.positive(c.child("num_conversations"), 200);
        int shared = c.child("shared_system_prompt_len").integer(8359);
        if (shared < 0) {
            throw c.child("shared_system_prompt_len").error("must be >= 0, got " + shared);
        }
        return new DataSpec.ConversationReplay(
                seed,
                conversations,
                shared,
                optionalDistribution(c.child("dynamic_system_prompt_len"), LengthDistribution.fixed(0), warnings),
                optionalDistribution(c.child("turns_per_conversation"), LengthDistribution.fixed(5), warnings),
                optionalDistribution(c.child("input_tokens_per_turn"), LengthDistribution.fixed(128), warnings),
                optionalDistribution(c.child("output_tokens_per_turn"), LengthDistribution.fixed(128), warnings),
                c.child("max_model_len").integer(0));
    }

    private static LengthDistribution optionalDistribution(YamlNode n, LengthDistribution dflt, List<String> warnings) {
        if (n.missing()) {
            return dflt;
        }
        if (!n.isObject()) {
            int v = n.integer(0);
            if (v < 0) {
                throw n.error("must be >= 0, got " + v);
            }
            return LengthDistribution.fixed(v);
        }
        return distribution(n, warnings);
    }

    private static int totalCount(YamlNode d, long largestStage) {
        Integer in = d.child("input_distribution").child("total_count").integer((Integer) null);
        Integer out = d.child("output_distribution").child("total_count").integer((Integer) null);
        int given = Math.max(in == null ? 0 : in, out == null ? 0 : out);
        if (given < 0) {
            throw d.child("input_distribution").child("total_count").error("must be >= 1");
        }
        long needed = largestStage > 0 ? largestStage + 1 : (given > 0 ? given : 1000);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(given, needed));
    }

    static DataSpec.FileRef file(YamlNode n) {
        String p = InferencePerfReader.blankToNull(n.string(null));
        return p == null ? null : new DataSpec.FileRef(p, n.where());
    }

    /** An inference-perf Distribution (absent = all defaults). */
    static LengthDistribution distribution(YamlNode n, List<String> warnings) {
        n.allowOnly(List.of("min", "max", "mean", "std_dev", "std", "total_count", "type", "variance", "skew"));
        String kind = n.child("type")
                .oneOf("normal", Set.of("normal", "skew_normal", "lognormal", "uniform", "poisson", "fixed"));
        if (kind.equals("skew_normal") || kind.equals("poisson")) {
            throw n.child("type")
                    .error(kind + " length distributions are not supported yet; use normal, lognormal,"
                            + " uniform or fixed");
        }
        n.reject("skew", "skew needs a skew_normal distribution, which is not supported yet");
        int min = n.child("min").integer(10);
        int max = n.child("max").integer(1024);
        double mean = n.child("mean").number(512.0);
        double sd;
        if (n.has("std_dev")) {
            sd = n.child("std_dev").number(null);
            if (n.has("std")) {
                warnings.add(n.where("std") + ": both std and std_dev are given; std_dev is used");
            }
        } else if (n.has("std")) {
            sd = n.child("std").number(null);
        } else if (n.has("variance")) {
            double v = n.child("variance").number(null);
            if (v < 0) {
                throw n.child("variance").error("must be >= 0, got " + v);
            }
            sd = Math.sqrt(v);
        } else {
            sd = 200.0;
        }
        if (min < 0) {
            throw n.child("min").error("must be >= 0, got " + min);
        }
        if (max < min) {
            throw n.child("max").error("must be >= min (" + min + "), got " + max);
        }
        if (sd < 0) {
            throw n.child(n.has("std_dev") ? "std_dev" : n.has("std") ? "std" : "variance")
                    .error("must be >= 0, got " + sd);
        }
        LengthDistribution.Kind k = switch (kind) {
            case "uniform" -> LengthDistribution.Kind.UNIFORM;
            case "fixed" -> LengthDistribution.Kind.FIXED;
            case "lognormal" -> LengthDistribution.Kind.LOGNORMAL;
            default -> LengthDistribution.Kind.NORMAL;
        };
        if (k == LengthDistribution.Kind.NORMAL && (mean < min || mean > max)) {
            throw n.child("mean").error("must lie between min (" + min + ") and max (" + max + "), got " + mean);
        }
        return new LengthDistribution(k, min, max, mean, sd);
    }
}
