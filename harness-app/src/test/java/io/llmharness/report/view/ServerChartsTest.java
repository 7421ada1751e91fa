package io.llmharness.report.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.metrics.StageWindow;
import io.llmharness.metrics.server.ScrapedValue;
import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.metrics.server.ServerTimeline;
import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Series;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server panel: what it says without scrapes, and one line per server plus their total with several. */
class ServerChartsTest {

    static final double[] DOMAIN = {0, 10};

    @Test
    void withoutScrapesThePanelSaysWhy() {
        assertThat(ServerCharts.of(null, null, DOMAIN, List.of()).note()).contains("--enable-metrics");
        ServerPanel none = ServerCharts.of(ServerTimeline.of(List.of()), null, DOMAIN, List.of());
        assertThat(none.charts()).isEmpty();
        assertThat(none.note()).contains("no server answered GET /metrics");
    }

    @Test
    void severalServersGetTheirTotalAndOneDashedLineEach() {
        List<ScrapedValue> v = new ArrayList<>();
        for (int t = 0; t <= 10; t++) {
            v.add(new ScrapedValue(t, "http://a:8000", "vllm:num_requests_running", t, 1));
            v.add(new ScrapedValue(t, "http://b:8000", "sglang:num_running_reqs", 2 * t, 1));
            v.add(new ScrapedValue(t, "http://a:8000", "vllm:generation_tokens_total", 100.0 * t, 1));
        }
        ServerTimeline timeline = ServerTimeline.of(v);
        ServerMetricsSummary summary =
                ServerMetricsSummary.of(timeline, List.of(new StageWindow("all", 0, 10_000_000_000L)));
        ServerPanel p = ServerCharts.of(timeline, summary, DOMAIN, List.of());
        assertThat(p.charts()).extracting(ChartSpec::id).containsExactly("server_requests", "server_tokens");
        ChartSpec requests = p.charts().get(0);
        assertThat(requests.series()).extracting(Series::name).hasSize(3).anyMatch(n -> n.contains("all servers"));
        assertThat(requests.series()).filteredOn(Series::dashed).hasSize(2);
        assertThat(requests.series().get(0).y()[10]).isEqualTo(30); // 10 + 20 running at t = 10 s
        assertThat(p.charts().get(1).series().get(0).y()).containsOnly(100);
        assertThat(p.note()).contains("11 scrapes of http://a:8000, http://b:8000, every 1 s");
        assertThat(p.perStage()).isNotNull();
    }

    @Test
    void scrapesBeforeTheAxisAreLeftOut() {
        List<ScrapedValue> v = new ArrayList<>();
        for (int t = 0; t <= 10; t++) {
            v.add(new ScrapedValue(t, "http://a:8000", "vllm:num_requests_running", t, 1));
        }
        ServerPanel p = ServerCharts.of(ServerTimeline.of(v), null, new double[] {4, 10}, List.of());
        assertThat(p.charts().get(0).series().get(0).x()).containsExactly(4, 5, 6, 7, 8, 9, 10);
    }
}
