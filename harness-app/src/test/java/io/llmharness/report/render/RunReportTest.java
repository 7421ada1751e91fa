package io.llmharness.report.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.error.HarnessException;
import io.llmharness.report.RunSummary;
import io.llmharness.report.SyntheticRun;
import io.llmharness.report.chart.ChartSpec;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html and the PNG charts of a three-stage run over two servers with failures and server scrapes. */
class RunReportTest {

    @TempDir
    static Path dir;

    static RunReports.Written written;
    static String html;

    @BeforeAll
    static void writeRun() throws Exception {
        SyntheticRun run = new SyntheticRun(6000, 7);
        RunSummary summary = run.writeTo(dir);
        written = RunReports.write(dir, summary, run.snapshot());
        html = Files.readString(dir.resolve(HtmlFormat.FILE));
        if (System.getProperty("report.keep") != null) {
            Files.copy(
                    dir.resolve(HtmlFormat.FILE),
                    Path.of(System.getProperty("report.keep")),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void everyFormatIsWritten() {
        assertThat(written.problems()).isEmpty();
        assertThat(written.html()).isEqualTo(dir.resolve("report.html"));
        assertThat(written.files()).hasSize(1 + written.view().charts().size());
    }

    @Test
    void pageHasEverySectionAndNoUndefinedNumbers() {
        assertThat(html)
                .contains("id=\"latency\"", "id=\"stages\"", "id=\"time\"", "id=\"client\"", "id=\"server\"")
                .contains("id=\"endpoints\"", "id=\"failures\"", "id=\"config\"")
                .contains(
                        "stage 0:", "stage 2:", "http://10.0.0.2:8000", "server overloaded", "COMPLETED WITH FAILURES")
                .contains("Client health", "client-limited", "schedule delay p99 4.0 ms &gt; 2.0 ms")
                .doesNotContain("thresholds")
                .doesNotContain("NaN", "Infinity")
                .doesNotContainPattern("(src|href)=\"(https?:)?//")
                .startsWith("<!DOCTYPE html>");
    }

    @Test
    void everyChartIsDrawnWithData() {
        Matcher m = Pattern.compile("<svg class=\"chart\" id=\"chart-([a-z0-9_]+)\"[^>]* data-points=\"(\\d+)\"")
                .matcher(html);
        int charts = 0;
        while (m.find()) {
            charts++;
            assertThat(Integer.parseInt(m.group(2))).as(m.group(1)).isPositive();
        }
        assertThat(charts).isEqualTo(written.view().charts().size()).isGreaterThanOrEqualTo(17);
        assertThat(written.view().charts().stream().map(ChartSpec::id))
                .contains(
                        "ttft_histogram",
                        "ttft_cdf",
                        "tpot_cdf",
                        "itl_histogram",
                        "e2e_latency_cdf",
                        "requests_per_second",
                        "output_tokens_per_second",
                        "ttft_over_time",
                        "schedule_delay_over_time",
                        "in_flight_over_time",
                        "server_requests",
                        "server_kv_cache",
                        "server_prefix_cache",
                        "server_tokens",
                        "server_preemptions");
    }

    @Test
    void pngChartsAreNotBlank() throws Exception {
        for (ChartSpec c : written.view().charts()) {
            BufferedImage img =
                    ImageIO.read(dir.resolve("charts").resolve(c.id() + ".png").toFile());
            assertThat(img.getWidth()).as(c.id()).isEqualTo(PngFormat.WIDTH);
            assertThat(colorfulPixels(img))
                    .as("pixels in series colors in " + c.id())
                    .isGreaterThan(200);
        }
    }

    /** Pixels that are neither grey nor white: only series are drawn in color. */
    static int colorfulPixels(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 40) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void summaryHasStagesAndServerMetricsPerStage() throws Exception {
        JsonNode s = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertThat(s.path("stages")).hasSize(3);
        JsonNode sm = s.path("server_metrics");
        assertThat(sm.path("servers")).hasSize(2);
        assertThat(sm.path("sources")
                        .path("kv_cache_usage")
                        .path("http://10.0.0.1:8000")
                        .asText())
                .isEqualTo("vllm:kv_cache_usage_perc");
        JsonNode stages = sm.path("stages");
        assertThat(stages).hasSize(3);
        for (JsonNode st : stages) {
            assertThat(st.path("prefix_cache_hit_rate").path("mean").asDouble()).isCloseTo(0.4, within());
            assertThat(st.path("running_requests").path("max").asDouble()).isPositive();
            assertThat(st.path("generation_tokens_per_second").path("total").asDouble())
                    .isPositive();
        }
        // the stages' rates rise, and so do the server's generated tokens per second
        assertThat(stages.get(2)
                        .path("generation_tokens_per_second")
                        .path("mean")
                        .asDouble())
                .isGreaterThan(stages.get(0)
                        .path("generation_tokens_per_second")
                        .path("mean")
                        .asDouble());
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-6);
    }

    @Test
    void rebuildingFromTheDirectoryReproducesSummaryAndReport() throws Exception {
        String summary = Files.readString(dir.resolve("summary.json"));
        RunReports.Written again = RunReports.rebuild(dir);
        assertThat(again.problems()).isEmpty();
        assertThat(Files.readString(dir.resolve("summary.json"))).isEqualTo(summary);
        assertThat(Files.readString(dir.resolve("report.html"))).isEqualTo(html);
    }

    @Test
    void rebuildNeedsARunDirectory(@TempDir Path empty) {
        assertThatThrownBy(() -> RunReports.rebuild(empty.resolve("nope")))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("no such directory");
        assertThatThrownBy(() -> RunReports.rebuild(empty))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("is not a run directory");
    }

    @Test
    void textLinesCarryTheHeadlines() {
        List<String> lines = TextReport.lines(written.view());
        assertThat(lines.get(0)).contains("synthetic-sweep");
        assertThat(String.join("\n", lines)).contains("Run", "TTFT p50 / p99", "Schedule delay p99", "req/s");
    }
}
