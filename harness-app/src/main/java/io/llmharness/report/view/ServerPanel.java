package io.llmharness.report.view;

import io.llmharness.report.chart.ChartSpec;
import java.util.List;

/**
 * The servers' side of a report, from their {@code /metrics} scrapes.
 *
 * @param charts signals over time on the run's time axis (empty when nothing was scraped)
 * @param perStage mean and max of each signal per stage, or null
 * @param note why there is nothing, or where the values come from
 */
public record ServerPanel(List<ChartSpec> charts, ReportTable perStage, String note) {

    public ServerPanel {
        charts = List.copyOf(charts);
    }
}
