package io.llmharness.workload.read;

import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceReadOptions;
import io.llmharness.workload.trace.TraceReaders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * inference-perf's {@code load} section: the load type, the stages or a sweep, the in-flight cap and the timeouts.
 *
 * <p>The in-flight cap of an open-loop load is inference-perf's: {@code num_workers × worker_max_concurrency}
 * (defaults: the CPU count and 100). A concurrent load caps itself at each stage's {@code concurrency_level}.
 */
final class InferencePerfLoad {

    static final List<String> KEYS = List.of(
            "type",
            "interval",
            "stages",
            "sweep",
            "num_workers",
            "worker_max_concurrency",
            "worker_max_tcp_connections",
            "trace",
            "circuit_breakers",
            "request_timeout",
            "lora_traffic_split",
            "base_seed");

    private InferencePerfLoad() {}

    static LoadSpec read(YamlNode load, long defaultSeed, List<String> warnings) {
        load.allowOnly(KEYS);
        YamlNode typeNode = load.child("type");
        String type = typeNode.oneOf(
                "constant", Set.of("constant", "poisson", "concurrent", "trace_replay", "trace_session_replay"));
        if (type.equals("trace_session_replay")) {
            throw typeNode.error(type + " (agent traces: otel_trace_replay or weka_trace_replay data) is not"
                    + " supported; replay conversations with harness bench --trace FILE (rows with session_id)"
                    + " --concurrent-sessions N --session-rate R");
        }
        if (type.equals("trace_replay")) {
            return traceReplay(load, defaultSeed);
        }
        load.reject("trace", "load.trace is read with load.type trace_replay only");
        load.reject("lora_traffic_split", "LoRA traffic splits are not supported yet");
        if (!load.child("circuit_breakers").list().isEmpty()) {
            throw load.child("circuit_breakers").error("circuit breakers are not supported yet");
        }
        if (load.has("worker_max_tcp_connections")) {
            warnings.add(load.where("worker_max_tcp_connections") + ": has no effect; the client opens at most one"
                    + " connection per request in flight");
        }
        boolean concurrent = type.equals("concurrent");
        Arrival arrival = type.equals("poisson") ? Arrival.POISSON : Arrival.CONSTANT;
        List<Stage> stages = new ArrayList<>();
        YamlNode sweep = load.child("sweep");
        if (!sweep.missing()) {
            if (concurrent) {
                throw sweep.error("a sweep needs load.type constant or poisson, not concurrent");
            }
            if (!load.child("stages").list().isEmpty()) {
                throw sweep.error("give either stages or a sweep, not both");
            }
            stages.add(new Stage.Sweep(sweep(sweep, arrival)));
        } else {
            List<YamlNode> list = load.child("stages").list();
            if (list.isEmpty()) {
                throw load.child("stages").error("no stages: give at least one stage (or a sweep)");
            }
            for (YamlNode s : list) {
                stages.add(concurrent ? concurrentStage(s) : rateStage(s, arrival));
            }
        }
        Integer workers =
                positiveOrZero(load.child("num_workers"), Runtime.getRuntime().availableProcessors());
        Integer perWorker = positive(load.child("worker_max_concurrency"), 100);
        int cap = concurrent ? 0 : Math.max(1, workers) * perWorker;
        Double timeout = load.child("request_timeout").number(null);
        if (timeout != null && !(timeout > 0)) {
            throw load.child("request_timeout").error("must be > 0 seconds, got " + timeout);
        }
        Double interval = load.child("interval").number(1.0);
        if (!(interval >= 0)) {
            throw load.child("interval").error("must be >= 0 seconds, got " + interval);
        }
        Long seed = load.child("base_seed").integer(defaultSeed);
        return new LoadSpec(stages, timeout, interval, cap, seed);
    }

    /**
     * {@code type: trace_replay} with {@code trace: {file, format}}: the trace's replay at its recorded pace is the
     * only stage ({@code stages} and {@code sweep} are errors). The format is inference-perf's
     * {@code AzurePublicDataset}, or one of this tool's names ({@code mooncake}, {@code azure}, {@code burstgpt},
     * {@code records}); without a format it is told from the file.
     */
    private static LoadSpec traceReplay(YamlNode load, long defaultSeed) {
        load.reject("stages", "a trace_replay load takes its schedule from load.trace; drop stages");
        load.reject("sweep", "a trace_replay load takes its schedule from load.trace; drop sweep");
        YamlNode trace = load.child("trace");
        if (trace.missing()) {
            throw load.child("type").error("trace_replay needs load.trace with file (and format: AzurePublicDataset)");
        }
        Trace t = readTrace(trace);
        Long seed = load.child("base_seed").integer(defaultSeed);
        ReplayPlan plan = ReplayPlan.of(t, ReplayOptions.defaults(), seed);
        Double timeout = load.child("request_timeout").number(null);
        if (timeout != null && !(timeout > 0)) {
            throw load.child("request_timeout").error("must be > 0 seconds, got " + timeout);
        }
        Integer workers =
                positiveOrZero(load.child("num_workers"), Runtime.getRuntime().availableProcessors());
        Integer perWorker = positive(load.child("worker_max_concurrency"), 100);
        return new LoadSpec(List.of(new Stage.Replay(plan)), timeout, 0, Math.max(1, workers) * perWorker, seed);
    }

    /**
     * Reads a {@code {file, format}} trace node ({@code load.trace}, {@code data.trace}): the format is
     * inference-perf's {@code AzurePublicDataset} or one of this tool's names; without one it is told from the file.
     *
     * @throws io.llmharness.error.HarnessException (config) naming the key, or the file and line of a bad row
     */
    static Trace readTrace(YamlNode trace) {
        trace.allowOnly(List.of("file", "format"));
        String file = trace.child("file").string(null);
        if (file == null || file.isBlank()) {
            throw trace.error("file is missing: the path of the trace");
        }
        String formatName = trace.child("format").string(null);
        TraceFormat format = null;
        if (formatName != null) {
            format = formatName.equalsIgnoreCase("AzurePublicDataset")
                    ? TraceFormat.AZURE
                    : TraceFormat.byName(formatName.strip())
                            .orElseThrow(() -> trace.child("format")
                                    .error("unknown trace format " + formatName + "; use AzurePublicDataset, mooncake,"
                                            + " azure, burstgpt or records"));
        }
        Path path = Path.of(file.strip());
        return format == null
                ? TraceReaders.read(path, TraceReadOptions.defaults())
                : TraceReaders.read(path, format, TraceReadOptions.defaults());
    }

    private static Stage rateStage(YamlNode s, Arrival arrival) {
        s.allowOnly(List.of("rate", "duration", "num_requests", "concurrency_level"));
        if (s.has("concurrency_level") && !s.has("rate")) {
            throw s.error("concurrency_level and num_requests need load.type concurrent; a " + arrival.describe()
                    + " stage has rate and duration");
        }
        s.reject("concurrency_level", "only a concurrent load has concurrency_level");
        s.reject(
                "num_requests",
                "a " + arrival.describe() + " stage is rate x duration; num_requests needs" + " load.type concurrent");
        if (!s.has("rate") || !s.has("duration")) {
            throw s.error("a " + arrival.describe() + " stage needs rate (requests/s) and duration (s)"
                    + (s.has("rate") ? "; duration is missing" : "; rate is missing"));
        }
        double rate = s.child("rate").number(null);
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw s.child("rate").error("must be a positive number of requests per second, got " + rate);
        }
        double duration = s.child("duration").number(null);
        if (!(duration > 0)) {
            throw s.child("duration").error("must be > 0 seconds, got " + duration);
        }
        return Stage.Rate.of(rate, duration, arrival);
    }

    private static Stage concurrentStage(YamlNode s) {
        s.allowOnly(List.of("rate", "duration", "num_requests", "concurrency_level"));
        if (!s.has("num_requests") && !s.has("concurrency_level")) {
            throw s.error("a concurrent stage needs concurrency_level and num_requests"
                    + (s.has("duration") ? " (duration belongs to constant and poisson stages)" : ""));
        }
        s.reject("rate", "a concurrent stage has concurrency_level and num_requests, not rate");
        s.reject("duration", "a concurrent stage has concurrency_level and num_requests, not duration");
        if (!s.has("num_requests")) {
            throw s.error("num_requests is missing");
        }
        if (!s.has("concurrency_level")) {
            throw s.error("concurrency_level is missing");
        }
        int level = positive(s.child("concurrency_level"), null);
        long n = s.child("num_requests").integer((Long) null);
        if (n < 1) {
            throw s.child("num_requests").error("must be >= 1, got " + n);
        }
        return new Stage.Concurrency(level, n, 0);
    }

    private static SweepSpec sweep(YamlNode s, Arrival arrival) {
        s.allowOnly(
                List.of("type", "num_requests", "timeout", "num_stages", "stage_duration", "saturation_percentile"));
        if (!s.has("type")) {
            throw s.error("type is missing: geometric or linear");
        }
        String type = s.child("type").oneOf(null, Set.of("geometric", "linear"));
        int probe = positive(s.child("num_requests"), 2000);
        double timeout = positiveNumber(s.child("timeout"), 60.0);
        int stages = positive(s.child("num_stages"), 5);
        double duration = positiveNumber(s.child("stage_duration"), 180.0);
        double pct = s.child("saturation_percentile").number(95.0);
        if (!(pct > 0 && pct <= 100)) {
            throw s.child("saturation_percentile").error("must be in (0, 100], got " + pct);
        }
        return new SweepSpec.InferencePerf(type.equals("geometric"), probe, timeout, stages, duration, pct, arrival);
    }

    static int positive(YamlNode n, Integer dflt) {
        Integer v = n.integer(dflt);
        if (v == null) {
            throw n.error("is missing");
        }
        if (v < 1) {
            throw n.error("must be >= 1, got " + v);
        }
        return v;
    }

    static Integer positiveOrZero(YamlNode n, int dflt) {
        int v = n.integer(dflt);
        if (v < 0) {
            throw n.error("must be >= 0, got " + v);
        }
        return v;
    }

    static double positiveNumber(YamlNode n, Double dflt) {
        double v = n.number(dflt);
        if (!(v > 0)) {
            throw n.error("must be > 0, got " + v);
        }
        return v;
    }
}
