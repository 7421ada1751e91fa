package io.llmharness.report.view;

import io.llmharness.metrics.StageWindow;
import io.llmharness.report.chart.ChartSpec;
import java.util.List;
import java.util.stream.Stream;

/**
 * Everything a run report shows, aggregated and formatted, ready for the HTML page, the PNG charts and the
 * terminal. Immutable.
 *
 * @param title heading, e.g. {@code llama3.1-8b Server performance}
 * @param runId the run directory's name
 * @param facts one-line facts under the title (model, target, start, duration, tool version)
 * @param verdicts LoadGen's verdict and, when the run has one, the client's health
 * @param headlines the numbers people quote
 * @param stages the stages, in order (one for an MLPerf run)
 * @param stageTable per-stage request metrics, or null for a run of one stage
 * @param latency TTFT, TPOT, ITL and e2e latency distributions
 * @param overTime throughput and latency percentiles over time
 * @param client schedule delay and requests in flight over time: the harness's own health
 * @param server server metrics over time
 * @param endpoints per-server table when the run balanced over several servers, else null
 * @param failures failures by kind and message, or null without failures
 * @param config the resolved configuration as text (YAML or JSON)
 * @param files files of the run directory worth a link, relative to it
 */
public record RunView(
        String title,
        String runId,
        List<String> facts,
        List<RunVerdict> verdicts,
        List<Headline> headlines,
        List<StageWindow> stages,
        ReportTable stageTable,
        List<LatencyPanel> latency,
        List<ChartSpec> overTime,
        List<ChartSpec> client,
        ServerPanel server,
        ReportTable endpoints,
        ReportTable failures,
        String config,
        List<String> files) {

    public RunView {
        facts = List.copyOf(facts);
        verdicts = List.copyOf(verdicts);
        headlines = List.copyOf(headlines);
        stages = List.copyOf(stages);
        latency = List.copyOf(latency);
        overTime = List.copyOf(overTime);
        client = List.copyOf(client);
        files = List.copyOf(files);
    }

    /** Every chart of the report, in page order. */
    public List<ChartSpec> charts() {
        return Stream.of(
                        latency.stream().flatMap(p -> Stream.of(p.histogram(), p.cdf())),
                        overTime.stream(),
                        client.stream(),
                        server.charts().stream())
                .flatMap(s -> s)
                .toList();
    }
}
