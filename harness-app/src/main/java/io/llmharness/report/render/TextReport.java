package io.llmharness.report.render;

import io.llmharness.report.view.Headline;
import io.llmharness.report.view.ReportTable;
import io.llmharness.report.view.RunVerdict;
import io.llmharness.report.view.RunView;
import java.util.ArrayList;
import java.util.List;

/** A run's verdicts and headline numbers as terminal lines, and tables as aligned text. */
public final class TextReport {

    private TextReport() {}

    /** The title line, the verdicts and the headlines, one per line, labels aligned. */
    public static List<String> lines(RunView v) {
        List<String> out = new ArrayList<>();
        out.add(v.title() + " (" + v.runId() + ")");
        int w = 0;
        for (RunVerdict x : v.verdicts()) {
            w = Math.max(w, x.title().length());
        }
        for (Headline h : v.headlines()) {
            w = Math.max(w, h.label().length());
        }
        for (RunVerdict x : v.verdicts()) {
            out.add("  " + pad(x.title(), w) + " : " + x.label());
        }
        for (Headline h : v.headlines()) {
            out.add("  " + pad(h.label(), w) + " : " + h.value()
                    + (h.detail().isEmpty() ? "" : " (" + h.detail() + ")"));
        }
        return out;
    }

    /** A table as aligned columns (numbers right-aligned), with its caption first when it has one. */
    public static List<String> table(ReportTable t) {
        int[] w = new int[t.header().size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = t.header().get(i).length();
            for (List<String> r : t.rows()) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        List<String> out = new ArrayList<>();
        if (!t.caption().isEmpty()) {
            out.add(t.caption());
        }
        out.add(row(t.header(), w, false));
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < w.length; i++) {
            rule.append(i == 0 ? "" : "  ").append("-".repeat(w[i]));
        }
        out.add(rule.toString());
        for (List<String> r : t.rows()) {
            out.add(row(r, w, true));
        }
        return out;
    }

    private static String row(List<String> cells, int[] w, boolean alignNumbers) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            boolean right = alignNumbers && i > 0 && c.matches("[-+]?[0-9.,]+.*|–");
            sb.append(i == 0 ? "" : "  ").append(right ? padLeft(c, w[i]) : pad(c, w[i]));
        }
        return sb.toString().stripTrailing();
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    private static String padLeft(String s, int w) {
        return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
    }
}
