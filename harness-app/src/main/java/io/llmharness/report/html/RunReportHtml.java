package io.llmharness.report.html;

import io.llmharness.report.view.Headline;
import io.llmharness.report.view.LatencyPanel;
import io.llmharness.report.view.RunVerdict;
import io.llmharness.report.view.RunView;
import java.util.Locale;

/** report.html of one run, from its {@link RunView}. */
public final class RunReportHtml {

    private RunReportHtml() {}

    /** The page as text. */
    public static String render(RunView v) {
        HtmlPage p = new HtmlPage(v.title() + " · " + v.runId());
        p.raw("<header>").el("h1", v.title()).raw("<div class=\"run-id\">" + Html.esc(v.runId()) + "</div>");
        p.raw("<div class=\"facts\">");
        v.facts().forEach(f -> p.el("span", f));
        p.raw("</div></header>");
        p.raw("<section class=\"verdicts\">");
        v.verdicts().forEach(x -> verdict(p, x));
        p.raw("</section><section class=\"headlines\">");
        v.headlines().forEach(h -> headline(p, h));
        p.raw("</section>");
        toc(p, v);
        p.raw("<section id=\"latency\">").el("h2", "Latency distributions");
        for (LatencyPanel panel : v.latency()) {
            p.raw("<div class=\"panel\">").el("h3", panel.label());
            p.charts(java.util.List.of(panel.histogram(), panel.cdf()))
                    .table(panel.percentiles())
                    .raw("</div>");
        }
        p.raw("</section>");
        if (v.stageTable() != null) {
            p.raw("<section id=\"stages\">")
                    .el("h2", "Stages")
                    .table(v.stageTable())
                    .raw("</section>");
        }
        p.raw("<section id=\"time\">")
                .el("h2", "Throughput and latency over time")
                .charts(v.overTime());
        p.raw("</section><section id=\"client\">")
                .el("h2", "Client health over time")
                .charts(v.client());
        p.raw("</section><section id=\"server\">").el("h2", "Server metrics");
        p.raw("<p class=\"note\">" + Html.esc(v.server().note()) + "</p>");
        if (!v.server().charts().isEmpty()) {
            p.charts(v.server().charts());
        }
        if (v.server().perStage() != null) {
            p.table(v.server().perStage());
        }
        p.raw("</section>");
        if (v.endpoints() != null) {
            p.raw("<section id=\"endpoints\">")
                    .el("h2", "Servers (load balancing)")
                    .table(v.endpoints());
            p.raw("</section>");
        }
        p.raw("<section id=\"failures\">").el("h2", "Failures");
        if (v.failures() != null) {
            p.table(v.failures());
        } else {
            p.raw("<p class=\"note\">No request failed.</p>");
        }
        p.raw("</section>");
        if (!v.config().isEmpty()) {
            p.raw("<details id=\"config\"><summary>Resolved configuration</summary><pre>")
                    .raw(Html.esc(v.config()))
                    .raw("</pre></details>");
        }
        p.raw("<footer>Files: ");
        v.files().forEach(f -> p.raw("<a href=\"" + Html.esc(f) + "\">" + Html.esc(f) + "</a> "));
        p.raw("· PNG charts in <a href=\"charts/\">charts/</a> · rebuilt from the run directory by"
                + " <code>harness report DIR</code></footer>");
        return p.toHtml();
    }

    private static void verdict(HtmlPage p, RunVerdict v) {
        p.raw("<div class=\"verdict " + v.tone().name().toLowerCase(Locale.ROOT) + "\">");
        p.raw("<div class=\"what\">" + Html.esc(v.title()) + "</div><div class=\"label\">" + Html.esc(v.label())
                + "</div>");
        if (!v.details().isEmpty()) {
            p.raw("<ul>");
            v.details().forEach(d -> p.el("li", d));
            p.raw("</ul>");
        }
        p.raw("</div>");
    }

    private static void headline(HtmlPage p, Headline h) {
        p.raw("<div class=\"headline\"><div class=\"what\">" + Html.esc(h.label()) + "</div><div class=\"value\">"
                + Html.esc(h.value()) + "</div><div class=\"detail\">" + Html.esc(h.detail()) + "</div></div>");
    }

    private static void toc(HtmlPage p, RunView v) {
        p.raw("<nav class=\"toc\"><a href=\"#latency\">Latency</a>");
        if (v.stageTable() != null) {
            p.raw("<a href=\"#stages\">Stages</a>");
        }
        p.raw("<a href=\"#time\">Over time</a><a href=\"#client\">Client health</a><a href=\"#server\">Server</a>");
        if (v.endpoints() != null) {
            p.raw("<a href=\"#endpoints\">Endpoints</a>");
        }
        p.raw("<a href=\"#failures\">Failures</a>");
        if (!v.config().isEmpty()) {
            p.raw("<a href=\"#config\">Configuration</a>");
        }
        p.raw("</nav>");
    }
}
