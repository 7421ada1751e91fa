package io.llmharness.report.compare;

import io.llmharness.report.SummaryDoc;
import io.llmharness.report.html.Html;
import io.llmharness.report.html.HtmlPage;
import io.llmharness.report.view.Format;
import java.util.List;
import java.util.Objects;

/** The comparison page: the runs, the metric table with colored deltas, the overlaid charts. */
public final class CompareHtml {

    private CompareHtml() {}

    public static String render(Comparison c) {
        HtmlPage p = new HtmlPage("Comparison of " + c.runs().size() + " runs");
        p.el("h1", "Comparison of " + c.runs().size() + " runs");
        p.raw("<div class=\"facts\">deltas against run A (the baseline); green is better, red is worse</div>");
        p.raw("<table><thead><tr><th></th><th>run</th><th>result</th><th>benchmark</th><th>scenario</th>"
                + "<th>model</th><th>target</th><th>started</th></tr></thead><tbody>");
        for (Comparison.Run r : c.runs()) {
            SummaryDoc d = r.doc();
            p.raw("<tr><td><b>" + Html.esc(r.label()) + "</b></td>");
            for (String v : List.of(
                    d.runId(),
                    d.result(),
                    Objects.toString(d.benchmark(), "–"),
                    Objects.toString(d.scenario(), "–"),
                    Objects.toString(d.model(), "–"),
                    Objects.toString(d.target(), "–"),
                    Objects.toString(d.text("run", "start"), "–"))) {
                p.raw("<td>" + Html.esc(v) + "</td>");
            }
            p.raw("</tr>");
        }
        p.raw("</tbody></table>");
        p.el("h2", "Metrics");
        metrics(p, c);
        p.el("h2", "Overlaid");
        p.charts(c.charts());
        p.raw("<footer>Written by <code>harness compare</code>; each run's own report is report.html in its"
                + " directory.</footer>");
        return p.toHtml();
    }

    private static void metrics(HtmlPage p, Comparison c) {
        p.raw("<table><thead><tr><th>metric</th>");
        for (int i = 0; i < c.runs().size(); i++) {
            p.raw("<th>" + Html.esc(c.runs().get(i).label()) + "</th>");
            if (i > 0) {
                p.raw("<th>Δ " + Html.esc(c.runs().get(i).label()) + "</th><th>Δ%</th>");
            }
        }
        p.raw("</tr></thead><tbody>");
        for (Comparison.Row r : c.rows()) {
            p.raw("<tr><td>" + Html.esc(r.label()) + "</td>");
            for (int i = 0; i < c.runs().size(); i++) {
                Double v = r.values().get(i);
                p.raw("<td class=\"num\">" + (v == null ? "–" : Html.esc(Format.sig(v))) + "</td>");
                if (i > 0) {
                    String cls = switch (r.verdict(i)) {
                        case 1 -> "num better";
                        case -1 -> "num worse";
                        default -> "num";
                    };
                    p.raw("<td class=\"" + cls + "\">" + Html.esc(Comparison.delta(r.delta(i))) + "</td>");
                    p.raw("<td class=\"" + cls + "\">" + Html.esc(Comparison.percent(r.deltaPercent(i))) + "</td>");
                }
            }
            p.raw("</tr>");
        }
        p.raw("</tbody></table>");
    }
}
