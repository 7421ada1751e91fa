package io.llmharness.report.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.report.RunSummary;
import io.llmharness.report.SyntheticRun;
import io.llmharness.report.render.RunReports;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens report.html in headless Chromium (DevTools protocol, no network) and checks what a person would see: no
 * console error or uncaught exception, every chart an SVG with drawn data, every chart's pixels not blank, and the
 * pointer read-out working. Chromium is installed with apt-get when missing ({@code scripts/test-deps.sh}, which
 * {@code .ci/run} runs first); the test fails when there is none, unless {@code -Dharness.browser=skip}.
 */
@Tag("slow")
class ReportBrowserTest {

    static final Duration TIMEOUT = Duration.ofSeconds(90);
    static final int WIDTH = 1400;

    @TempDir
    Path dir;

    @Test
    void reportRendersWithoutErrorsAndEveryChartIsDrawn() throws Exception {
        Path chromium = HeadlessChromium.findOrInstall(TIMEOUT.multipliedBy(4));
        Path run = dir.resolve("run");
        SyntheticRun synthetic = new SyntheticRun(3000, 11);
        RunSummary summary = synthetic.writeTo(run);
        RunReports.Written written = RunReports.write(run, summary, synthetic.snapshot());
        int expectedCharts = written.view().charts().size();

        try (HeadlessChromium browser = HeadlessChromium.start(chromium, dir.resolve("profile"), TIMEOUT);
                DevTools d = DevTools.connect(browser.endpoint(), TIMEOUT)) {
            String target = d.call(null, "Target.createTarget", Map.of("url", "about:blank"), TIMEOUT)
                    .path("targetId")
                    .asText();
            String s = d.call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true), TIMEOUT)
                    .path("sessionId")
                    .asText();
            for (String domain : List.of("Runtime.enable", "Log.enable", "Page.enable")) {
                d.call(s, domain, Map.of(), TIMEOUT);
            }
            d.call(
                    s,
                    "Emulation.setDeviceMetricsOverride",
                    Map.of("width", WIDTH, "height", 900, "deviceScaleFactor", 1, "mobile", false),
                    TIMEOUT);
            d.call(
                    s,
                    "Page.navigate",
                    Map.of("url", run.resolve("report.html").toUri().toString()),
                    TIMEOUT);
            d.awaitEvent("Page.loadEventFired", TIMEOUT);

            JsonNode page = evaluate(d, s, """
                    JSON.stringify({
                      height: document.documentElement.scrollHeight,
                      charts: [...document.querySelectorAll('svg.chart')].map(e => {
                        const r = e.getBoundingClientRect();
                        return {id: e.id, points: +e.dataset.points,
                                drawn: e.querySelectorAll('polyline.data, path.bars, circle.dot').length,
                                x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height};
                      })})""");
            JsonNode charts = page.path("charts");
            assertThat(charts).hasSize(expectedCharts);
            for (JsonNode c : charts) {
                String id = c.path("id").asText();
                assertThat(c.path("points").asInt()).as("data points of " + id).isPositive();
                assertThat(c.path("drawn").asInt()).as("drawn series of " + id).isPositive();
                assertThat(c.path("w").asDouble()).as("width of " + id).isGreaterThan(300);
                BufferedImage img = screenshot(
                        d,
                        s,
                        c.path("x").asDouble(),
                        c.path("y").asDouble(),
                        c.path("w").asDouble(),
                        c.path("h").asDouble());
                assertThat(stddev(img)).as("pixel variance of " + id).isGreaterThan(8);
                assertThat(colorful(img)).as("colored pixels of " + id).isGreaterThan(100);
            }

            hoverShowsValues(d, s, charts.get(0));

            BufferedImage full =
                    screenshot(d, s, 0, 0, WIDTH, page.path("height").asDouble());
            Path shot = Path.of("target", "report-browser-test.png");
            Files.createDirectories(shot.getParent());
            ImageIO.write(full, "png", shot.toFile());
            assertThat(stddev(full)).isGreaterThan(8);

            assertThat(errors(d.events())).as("console errors and exceptions").isEmpty();

            // and the check itself sees an error when there is one
            Path broken = dir.resolve("broken.html");
            Files.writeString(broken, "<html><body><script>console.error('drawn wrong');</script></body></html>");
            d.call(s, "Page.navigate", Map.of("url", broken.toUri().toString()), TIMEOUT);
            d.awaitEvent(e -> !errors(List.of(e)).isEmpty(), TIMEOUT);
            assertThat(errors(d.events())).anyMatch(e -> e.contains("drawn wrong"));
        }
    }

    private static void hoverShowsValues(DevTools d, String s, JsonNode chart) throws Exception {
        double x = chart.path("x").asDouble() + chart.path("w").asDouble() * 0.5;
        double y = chart.path("y").asDouble() + chart.path("h").asDouble() * 0.5;
        evaluate(d, s, "window.scrollTo(0, " + (y - 300) + "); 'null'");
        double top = evaluate(d, s, "String(window.scrollY)").asDouble();
        d.call(s, "Input.dispatchMouseEvent", Map.of("type", "mouseMoved", "x", x, "y", y - top), TIMEOUT);
        JsonNode tip = evaluate(d, s, """
                JSON.stringify({shown: document.querySelector('.tip').style.display,
                                text: document.querySelector('.tip').textContent})""");
        assertThat(tip.path("shown").asText()).isEqualTo("block");
        assertThat(tip.path("text").asText()).matches(".*[0-9].*");
        evaluate(d, s, "window.scrollTo(0, 0); 'null'");
    }

    private static JsonNode evaluate(DevTools d, String s, String expression) throws Exception {
        JsonNode r = d.call(s, "Runtime.evaluate", Map.of("expression", expression, "returnByValue", true), TIMEOUT);
        if (r.has("exceptionDetails")) {
            throw new AssertionError("script failed: " + r.get("exceptionDetails"));
        }
        return DevTools.JSON.readTree(r.path("result").path("value").asText());
    }

    private static BufferedImage screenshot(DevTools d, String s, double x, double y, double w, double h)
            throws Exception {
        Map<String, Object> clip = Map.of("x", x, "y", y, "width", w, "height", h, "scale", 1);
        JsonNode r = d.call(
                s,
                "Page.captureScreenshot",
                Map.of("format", "png", "clip", clip, "captureBeyondViewport", true),
                TIMEOUT);
        byte[] png = Base64.getDecoder().decode(r.path("data").asText());
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    /** Console errors, failed assertions, uncaught exceptions and error log entries (e.g. a resource not found). */
    static List<String> errors(List<JsonNode> events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String m = e.path("method").asText();
            JsonNode p = e.path("params");
            if (m.equals("Runtime.exceptionThrown")
                    || (m.equals("Runtime.consoleAPICalled")
                            && List.of("error", "assert")
                                    .contains(p.path("type").asText()))
                    || (m.equals("Log.entryAdded")
                            && p.path("entry").path("level").asText().equals("error"))) {
                out.add(m + ": " + p);
            }
        }
        return out;
    }

    /** Standard deviation of the grey levels: near 0 for a blank area. */
    static double stddev(BufferedImage img) {
        double sum = 0;
        double sq = 0;
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                double g = (((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff)) / 3.0;
                sum += g;
                sq += g * g;
                n++;
            }
        }
        double mean = sum / n;
        return Math.sqrt(Math.max(0, sq / n - mean * mean));
    }

    /** Pixels in a color (not grey): only the series are drawn in color. */
    static int colorful(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
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
}
