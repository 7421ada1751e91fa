package io.llmharness.report.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.loadgen.log.RunLogFolder;
import io.llmharness.metrics.server.ServerTimeline;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.RunSummary;
import io.llmharness.report.ServerMetricsFile;
import io.llmharness.secret.Secrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the {@link RunView} of a run directory from its summary, its records and the files beside them
 * ({@code summary.json} for sections other parts of the harness add, {@code server_metrics.parquet},
 * {@code config.resolved.yaml}).
 */
public final class RunViews {

    /** Files a report links to when present, in this order. */
    static final List<String> LINKED_FILES = List.of(
            "summary.json",
            "requests.parquet",
            "requests.csv",
            "server_metrics.parquet",
            "config.resolved.yaml",
            RunLogFolder.SUMMARY,
            RunLogFolder.DETAIL,
            "harness.log",
            "server.log");

    /** Longest configuration text embedded in a report. */
    static final int MAX_CONFIG_CHARS = 200_000;

    private static final Logger LOG = LoggerFactory.getLogger(RunViews.class);
    private static final DateTimeFormatter STARTED =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunViews() {}

    /**
     * The view of a run.
     *
     * @param dir the run directory (for the files beside the records; may lack any of them)
     * @param summary the run's summary, as written
     * @param snapshot the records the summary was computed from
     */
    public static RunView build(Path dir, RunSummary summary, RecordSnapshot snapshot) {
        JsonNode doc = readJson(dir.resolve(RunOutputs.SUMMARY_JSON));
        StageIndex stages = new StageIndex(summary.effectiveStages(), snapshot.nanoAnchor());
        TimeAxis axis = TimeAxis.of(snapshot.requests(), snapshot.nanoAnchor(), stages.all());
        TimelineCharts time = new TimelineCharts(
                RequestTimeline.of(snapshot.requests(), snapshot.nanoAnchor(), axis),
                servers(snapshot, summary, axis),
                stages.all());
        ServerPanel server = ServerCharts.of(
                serverTimeline(dir, summary), summary.serverMetrics(), time.domain(), time.stageMarkers());
        return new RunView(
                title(summary),
                summary.run().id(),
                facts(summary, snapshot),
                Verdicts.of(summary, doc),
                Headlines.of(summary),
                stages.all(),
                Tables.stages(snapshot, stages),
                LatencyPanels.of(snapshot, stages),
                time.throughputAndLatency(),
                time.clientHealth(),
                server,
                Tables.endpoints(snapshot, summary.metrics()),
                Tables.failures(summary.metrics()),
                config(dir, doc),
                files(dir));
    }

    /** Each server's own timeline when the run balanced over several, else none. */
    private static List<TimelineCharts.Server> servers(RecordSnapshot snapshot, RunSummary summary, TimeAxis axis) {
        List<EndpointStats> eps =
                summary.metrics() == null ? List.of() : summary.metrics().endpoints();
        if (eps.size() < 2) {
            return List.of();
        }
        List<List<RequestRecord>> byServer = snapshot.byEndpoint(eps.size());
        List<TimelineCharts.Server> out = new ArrayList<>();
        for (int i = 0; i < eps.size(); i++) {
            out.add(new TimelineCharts.Server(
                    Secrets.redact(eps.get(i).url()),
                    RequestTimeline.of(byServer.get(i), snapshot.nanoAnchor(), axis)));
        }
        return out;
    }

    private static ServerTimeline serverTimeline(Path dir, RunSummary summary) {
        if (!ServerMetricsFile.exists(dir)) {
            return null;
        }
        try {
            return ServerTimeline.of(ServerMetricsFile.read(dir, RunOutputs.anchor(summary)));
        } catch (IOException e) {
            LOG.warn("server metrics left out of the report: {}", e.getMessage());
            return null;
        }
    }

    static String title(RunSummary s) {
        Map<String, Object> c = s.config();
        Object bench = c.get("model_category");
        Object scenario = c.get("scenario");
        if (bench != null && scenario != null) {
            Object mode = c.get("test_mode");
            return bench + " " + scenario + (mode == null ? "" : " " + mode);
        }
        Object name = c.getOrDefault("workload", c.get("benchmark"));
        return name != null ? name.toString() : s.run().id();
    }

    private static List<String> facts(RunSummary s, RecordSnapshot snap) {
        List<String> out = new ArrayList<>();
        Map<String, Object> c = s.config();
        Object model = c.getOrDefault("request_model", c.get("model"));
        if (model != null) {
            out.add("model " + model);
        }
        if (c.get("target") != null) {
            out.add("target " + c.get("target"));
        }
        out.add("started " + STARTED.format(s.run().start()));
        if (s.run().duration() != null) {
            out.add("took " + Format.seconds(s.run().duration().toNanos() / 1e9));
        }
        out.add(Format.count(snap.requests().size()) + " requests recorded");
        out.add("llm-harness " + s.run().toolVersion());
        return out;
    }

    private static String config(Path dir, JsonNode doc) {
        Path yaml = dir.resolve("config.resolved.yaml");
        try {
            if (Files.isRegularFile(yaml)) {
                String text = Secrets.redact(Files.readString(yaml, StandardCharsets.UTF_8));
                return text.length() > MAX_CONFIG_CHARS
                        ? text.substring(0, MAX_CONFIG_CHARS) + "\n… (cut; see config.resolved.yaml)"
                        : text;
            }
            if (doc != null && doc.has("config")) {
                return Secrets.redact(JSON.writeValueAsString(doc.get("config")));
            }
        } catch (IOException e) {
            LOG.warn("configuration left out of the report: {}", e.getMessage());
        }
        return "";
    }

    /** The linked files present in {@code dir}, as paths relative to it. */
    static List<String> files(Path dir) {
        List<String> out = new ArrayList<>();
        for (String f : LINKED_FILES) {
            if (RunLogFolder.FILES.contains(f)) {
                // LoadGen's logs are in the run's mlperf/ folder (at the top level in older runs)
                if (Files.isRegularFile(RunLogFolder.find(dir, f))) {
                    out.add(RunLogFolder.relative(dir, f));
                }
            } else if (Files.isRegularFile(dir.resolve(f))) {
                out.add(f);
            }
        }
        return out;
    }

    private static JsonNode readJson(Path file) {
        try {
            return Files.isRegularFile(file) ? JSON.readTree(file.toFile()) : null;
        } catch (IOException e) {
            LOG.warn("cannot read {}: {}", file, e.getMessage());
            return null;
        }
    }
}
