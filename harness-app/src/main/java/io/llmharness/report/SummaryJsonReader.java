package io.llmharness.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MeasureOptions;
import io.llmharness.metrics.SloSpec;
import io.llmharness.metrics.StageWindow;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * Reads back the parts of a summary.json that the per-request files do not hold: the caller-provided sections,
 * the per-endpoint counters, the measured window and the SLOs. Used to regenerate a summary from a run directory.
 */
public final class SummaryJsonReader {

    /** Numbers are read exactly as written ({@code 0.0} stays {@code 0.0}), so a rewritten file is the same. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    /**
     * What a summary.json says besides the metrics.
     *
     * @param run the run section
     * @param config the config section
     * @param dataset the dataset section
     * @param mlperf the mlperf section, or null
     * @param clientHealth the client_health section, or null
     * @param endpoints the per-endpoint counters
     * @param options the measured window (relative to the run start, i.e. for a snapshot anchored at 0) and SLOs
     * @param anchor wall-clock time of the run start
     * @param stages the stages of a workload run, else empty
     */
    record Previous(
            RunInfo run,
            SequencedMap<String, Object> config,
            SequencedMap<String, Object> dataset,
            SequencedMap<String, Object> mlperf,
            SequencedMap<String, Object> clientHealth,
            List<EndpointStats> endpoints,
            MeasureOptions options,
            Instant anchor,
            List<StageWindow> stages) {}

    private SummaryJsonReader() {}

    static Previous read(Path file) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        JsonNode metrics = required(root, "metrics");
        JsonNode window = required(metrics, "window");
        Instant anchor = Instant.parse(required(window, "start").asText())
                .minusNanos(required(window, "start_ns").asLong());
        return new Previous(
                run(required(root, "run")),
                map(root.get("config")),
                map(root.get("dataset")),
                root.path("mlperf").isObject() ? map(root.get("mlperf")) : null,
                root.path("client_health").isObject() ? map(root.get("client_health")) : null,
                endpoints(root.path("endpoints")),
                options(window, metrics.path("slos")),
                anchor,
                stages(root.path("stages")));
    }

    private static List<StageWindow> stages(JsonNode array) {
        List<StageWindow> out = new ArrayList<>();
        for (JsonNode st : array) {
            out.add(new StageWindow(
                    required(st, "name").asText(),
                    required(st, "start_ns").asLong(),
                    required(st, "end_ns").asLong()));
        }
        return out;
    }

    private static RunInfo run(JsonNode run) {
        List<String> argv = new ArrayList<>();
        run.path("command_line").forEach(a -> argv.add(a.asText()));
        return new RunInfo(
                required(run, "id").asText(),
                required(run, "tool_version").asText(),
                argv,
                Instant.parse(required(run, "start").asText()),
                run.path("end").isTextual() ? Instant.parse(run.get("end").asText()) : null);
    }

    /** The {@code endpoints} entries of a summary.json (an MLPerf run's, or a workload run's with several servers). */
    public static List<EndpointStats> endpoints(JsonNode array) {
        List<EndpointStats> out = new ArrayList<>();
        for (JsonNode e : array) {
            out.add(new EndpointStats(
                    e.path("url").asText(),
                    e.path("requests").asLong(),
                    e.path("failures").asLong(),
                    e.path("in_flight").asInt(),
                    e.path("max_in_flight").asInt(),
                    e.path("connections_opened").asLong(),
                    e.path("stale_retries").asLong(),
                    e.path("overload_retries").asLong()));
        }
        return out;
    }

    private static MeasureOptions options(JsonNode window, JsonNode slos) {
        JsonNode start = window.path("requested_start_ns");
        JsonNode end = window.path("requested_end_ns");
        SloSpec spec = SloSpec.NONE;
        for (Map.Entry<String, JsonNode> e : slos.properties()) {
            spec = spec.with(
                    LatencyMetric.byKey(e.getKey()),
                    Units.nsFromMs(required(e.getValue(), "max").decimalValue()));
        }
        return new MeasureOptions(
                start.isNumber() ? start.asLong() : MeasureOptions.UNBOUNDED_START,
                end.isNumber() ? end.asLong() : MeasureOptions.UNBOUNDED_END,
                spec);
    }

    private static SequencedMap<String, Object> map(JsonNode node) {
        LinkedHashMap<String, Object> out = new LinkedHashMap<>();
        if (node != null) {
            node.properties().forEach(e -> out.put(e.getKey(), value(e.getValue())));
        }
        return Collections.unmodifiableSequencedMap(out);
    }

    private static Object value(JsonNode n) {
        if (n.isObject()) {
            return map(n);
        }
        if (n.isArray()) {
            List<Object> out = new ArrayList<>();
            n.forEach(x -> out.add(value(x)));
            return Collections.unmodifiableList(out);
        }
        if (n.isNumber()) {
            return n.numberValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        return n.isNull() ? null : n.asText();
    }

    private static JsonNode required(JsonNode parent, String field) {
        JsonNode n = parent.get(field);
        if (n == null || n.isNull()) {
            throw new IllegalArgumentException("missing '" + field + "'");
        }
        return n;
    }
}
