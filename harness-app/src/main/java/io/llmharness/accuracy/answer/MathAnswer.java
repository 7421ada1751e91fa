package io.llmharness.accuracy.answer;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MATH500 answers: the content of the last {@code \boxed{…}} (braces matched), graded the way PRM800K's grader starts
 * — equal after the MATH dataset's string normalisation, or equal after PRM800K's own normalisation (units, text
 * wrappers, thousands separators, braces, case) — plus numeric equality where both sides are plain arithmetic. The
 * reference's last resort, sympy's symbolic equality of two LaTeX expressions, is not reproduced: two different
 * spellings of the same symbolic expression (e.g. {@code \frac{\sqrt{2}}{2}} and {@code \frac{1}{\sqrt{2}}}) count as
 * different here.
 */
public final class MathAnswer {

    private static final Pattern TEXT_WRAP = Pattern.compile("^\\\\text\\{(.+?)\\}$");
    private static final String[] UNITS = {
        "degree",
        "cm",
        "centimeter",
        "meter",
        "mile",
        "second",
        "minute",
        "hour",
        "day",
        "week",
        "month",
        "year",
        "foot",
        "feet",
        "inch",
        "yard"
    };

    private MathAnswer() {}

    /** The content of the last {@code \boxed{…}}, stripped, or null when there is none or its braces do not close. */
    public static String lastBoxed(String text) {
        int at = text.lastIndexOf("\\boxed{");
        if (at < 0) {
            return null;
        }
        int start = at + "\\boxed{".length();
        int depth = 0;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                if (depth == 0) {
                    return text.substring(start, i).strip();
                }
                depth--;
            }
        }
        return null;
    }

    /** Whether {@code given} answers {@code truth}. */
    public static boolean grade(String given, String truth) {
        if (given == null || truth == null) {
            return false;
        }
        if (mathd(given).equals(mathd(truth))) {
            return true;
        }
        String g = normalize(given);
        String t = normalize(truth);
        if (g.isEmpty()) {
            return false;
        }
        if (g.equals(t)) {
            return true;
        }
        String[] ge = g.split(",", -1);
        String[] te = t.split(",", -1);
        if (ge.length != te.length) {
            return false;
        }
        for (int i = 0; i < ge.length; i++) {
            Double a = Arithmetic.eval(ge[i]);
            Double b = Arithmetic.eval(te[i]);
            if (a == null || b == null || Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(b))) {
                return false;
            }
        }
        return true;
    }

    /** The MATH dataset's normalisation ({@code _strip_string}). */
    static String mathd(String answer) {
        String s = answer.strip();
        Matcher m = TEXT_WRAP.matcher(s);
        if (m.find()) {
            s = m.group(1).strip();
        }
        s = s.replace("\n", "").replace("\\!", "").replace("\\\\", "\\");
        s = s.replace("tfrac", "frac").replace("dfrac", "frac");
        s = s.replace("\\left", "").replace("\\right", "");
        s = s.replace("^{\\circ}", "").replace("^\\circ", "");
        s = s.replace("\\$", "");
        int unit = s.indexOf("\\text{ ");
        if (unit >= 0) {
            s = s.substring(0, unit);
        }
        s = s.replace("\\%", "").replace("%", "");
        s = s.replace(" .", " 0.").replace("{.", "{0.");
        if (s.isEmpty()) {
            return s;
        }
        if (s.charAt(0) == '.') {
            s = "0" + s;
        }
        String[] eq = s.split("=", -1);
        if (eq.length == 2 && eq[0].length() <= 2) {
            s = eq[1];
        }
        s = fixSqrt(s).replace(" ", "");
        s = fixFracs(s);
        if (s.equals("0.5")) {
            s = "\\frac{1}{2}";
        }
        Matcher ab = Pattern.compile("^(-?\\d+)/(\\d+)$").matcher(s);
        if (ab.matches()) {
            s = "\\frac{" + ab.group(1) + "}{" + ab.group(2) + "}";
        }
        return s;
    }

    private static String fixSqrt(String s) {
        return s.replaceAll("\\\\sqrt(\\w)", "\\\\sqrt{$1}");
    }

    /** {@code \frac12} → {@code \frac{1}{2}}, {@code \frac1{2}} → {@code \frac{1}{2}}. */
    private static String fixFracs(String s) {
        String[] parts = s.split("\\\\frac", -1);
        StringBuilder out = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            out.append("\\frac");
            if (p.startsWith("{") || p.length() < 2) {
                out.append(p);
            } else {
                char a = p.charAt(0);
                char b = p.charAt(1);
                String rest = p.substring(2);
                out.append('{').append(a).append('}');
                if (b == '{') {
                    out.append('{').append(rest);
                } else {
                    out.append('{').append(b).append('}').append(rest);
                }
            }
        }
        return out.toString();
    }

    /**
     * The arithmetic LaTeX commands in plain notation (the part of PRM800K's LaTeX-to-text step that numeric answers
     * need): {@code \frac{a}{b}} → {@code (a)/(b)}, {@code \sqrt{a}} → {@code sqrt(a)}, {@code \cdot} and
     * {@code \times} → {@code *}.
     */
    static String latexArithmetic(String s) {
        String t = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac");
        t = t.replace("\\cdot", "*").replace("\\times", "*");
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < t.length()) {
            if (t.startsWith("\\frac{", i)) {
                int a = closing(t, i + 5);
                if (a > 0 && a + 1 < t.length() && t.charAt(a + 1) == '{') {
                    int b = closing(t, a + 1);
                    if (b > 0) {
                        out.append('(')
                                .append(latexArithmetic(t.substring(i + 6, a)))
                                .append(")/(")
                                .append(latexArithmetic(t.substring(a + 2, b)))
                                .append(')');
                        i = b + 1;
                        continue;
                    }
                }
            }
            if (t.startsWith("\\sqrt{", i)) {
                int a = closing(t, i + 5);
                if (a > 0) {
                    out.append("sqrt(")
                            .append(latexArithmetic(t.substring(i + 6, a)))
                            .append(')');
                    i = a + 1;
                    continue;
                }
            }
            out.append(t.charAt(i++));
        }
        return out.toString();
    }

    /** Index of the brace closing the one at {@code open}, or -1. */
    private static int closing(String t, int open) {
        int depth = 0;
        for (int i = open; i < t.length(); i++) {
            if (t.charAt(i) == '{') {
                depth++;
            } else if (t.charAt(i) == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** PRM800K's second normalisation, without its LaTeX-to-text parse. */
    static String normalize(String expr) {
        String s = expr;
        Matcher m = TEXT_WRAP.matcher(s);
        if (m.find()) {
            s = m.group(1);
        }
        s = s.replace("\\%", "%").replace("\\$", "$").replace("$", "").replace("%", "");
        s = s.replace(" or ", " , ").replace(" and ", " , ");
        s = s.replace("million", "*10^6").replace("billion", "*10^9").replace("trillion", "*10^12");
        for (String unit : UNITS) {
            s = s.replaceAll(unit + "(es)?(s)? *(\\^[0-9]+)?", "");
        }
        s = s.replaceAll("\\^ *\\\\circ", "");
        if (s.startsWith("{") && s.endsWith("}") && s.length() >= 2) {
            s = s.substring(1, s.length() - 1);
        }
        s = s.replaceAll(",\\\\! *", "");
        Double f = PyFloat.parse(s);
        if (f != null && !f.isInfinite() && !f.isNaN() && f == Math.rint(f) && Math.abs(f) < 1e15) {
            s = Long.toString(Math.round(f));
        }
        if (s.contains("\\")) {
            s = latexArithmetic(s);
        }
        s = s.replaceAll("- *", "-");
        s = s.replace(" ", "").replace("{", "").replace("}", "");
        s = s.toLowerCase(Locale.ROOT);
        String noCommas = s.replace(",", "");
        if (noCommas.matches("-?\\d+") && s.matches("-?\\d{1,3}(,\\d{3})+")) {
            s = noCommas;
        }
        return s;
    }
}
