package io.llmharness.report.html;

import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.view.ReportTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The skeleton every page shares: inline stylesheet and script (from this package's resources), a {@code <main>}
 * body built with the helpers here. Text given to the helpers is escaped; markup is not.
 */
public final class HtmlPage {

    private static final String CSS = resource("report.css");
    private static final String JS = resource("report.js");

    private final StringBuilder body = new StringBuilder(64 * 1024);
    private final String title;

    /** @param title the document title (escaped) */
    public HtmlPage(String title) {
        this.title = title;
    }

    /** Appends raw markup. */
    public HtmlPage raw(String html) {
        body.append(html);
        return this;
    }

    /** Appends an element with escaped text, e.g. {@code el("h2", "Latency")}. */
    public HtmlPage el(String tag, String text) {
        return raw("<" + tag + ">" + Html.esc(text) + "</" + tag.split(" ")[0] + ">");
    }

    /** Appends a chart in a figure with its title and subtitle. */
    public HtmlPage chart(ChartSpec c) {
        raw("<figure><figcaption>" + Html.esc(c.title()));
        if (!c.subtitle().isEmpty()) {
            raw("<small>" + Html.esc(c.subtitle()) + "</small>");
        }
        return raw("</figcaption>" + SvgChart.render(c) + "</figure>");
    }

    /** Appends charts in a responsive grid. */
    public HtmlPage charts(List<ChartSpec> charts) {
        raw("<div class=\"grid\">");
        charts.forEach(this::chart);
        return raw("</div>");
    }

    /** Appends a table; cells that look like numbers are right-aligned. */
    public HtmlPage table(ReportTable t) {
        if (!t.caption().isEmpty()) {
            raw("<div class=\"caption\">" + Html.esc(t.caption()) + "</div>");
        }
        raw("<table><thead><tr>");
        t.header().forEach(h -> raw("<th>" + Html.esc(h) + "</th>"));
        raw("</tr></thead><tbody>");
        for (List<String> row : t.rows()) {
            raw("<tr>");
            for (String cell : row) {
                raw(numeric(cell) ? "<td class=\"num\">" : "<td>")
                        .raw(Html.esc(cell))
                        .raw("</td>");
            }
            raw("</tr>");
        }
        return raw("</tbody></table>");
    }

    static boolean numeric(String s) {
        return !s.isEmpty() && s.matches("[-+]?[0-9][0-9,.]*( / [-+]?[0-9][0-9,.]*)?( %)?|–|[0-9.]+ – [0-9.]+");
    }

    /** The whole document. */
    public String toHtml() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<link rel=\"icon\" href=\"data:,\">\n"
                + "<title>" + Html.esc(title) + "</title>\n<style>\n" + CSS + "</style>\n</head>\n<body>\n<main>\n"
                + body + "\n</main>\n<script>\n" + JS + "</script>\n</body>\n</html>\n";
    }

    private static String resource(String name) {
        try (InputStream in = HtmlPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
