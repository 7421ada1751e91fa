package io.llmharness.accuracy.answer;

/**
 * Evaluates plain arithmetic ({@code + - * / ^}, parentheses, decimals, {@code sqrt}, {@code pi}) to a number, for
 * comparing two spellings of a numeric answer. Anything else (variables, LaTeX commands) gives null.
 */
final class Arithmetic {

    private final String s;
    private int pos;

    private Arithmetic(String s) {
        this.s = s;
    }

    /** The value, or null when the text is not plain arithmetic. */
    static Double eval(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Arithmetic a =
                new Arithmetic(text.replace(" ", "").replace("\\sqrt", "sqrt").replace("\\pi", "pi"));
        try {
            double v = a.sum();
            return a.pos == a.s.length() && Double.isFinite(v) ? v : null;
        } catch (IllegalStateException e) {
            return null;
        }
    }

    private double sum() {
        double v = product();
        while (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
            char op = s.charAt(pos++);
            double r = product();
            v = op == '+' ? v + r : v - r;
        }
        return v;
    }

    private double product() {
        double v = power();
        while (pos < s.length() && (s.charAt(pos) == '*' || s.charAt(pos) == '/')) {
            char op = s.charAt(pos++);
            double r = power();
            v = op == '*' ? v * r : v / r;
        }
        return v;
    }

    private double power() {
        double base = unary();
        if (pos < s.length() && s.charAt(pos) == '^') {
            pos++;
            return Math.pow(base, power());
        }
        return base;
    }

    private double unary() {
        if (pos < s.length() && s.charAt(pos) == '-') {
            pos++;
            return -unary();
        }
        return atom();
    }

    private double atom() {
        if (s.startsWith("sqrt", pos)) {
            pos += 4;
            return Math.sqrt(atom());
        }
        if (s.startsWith("pi", pos)) {
            pos += 2;
            return Math.PI;
        }
        if (pos < s.length() && s.charAt(pos) == '(') {
            pos++;
            double v = sum();
            expect(')');
            return v;
        }
        int start = pos;
        while (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw new IllegalStateException("not a number at " + pos);
        }
        try {
            return Double.parseDouble(s.substring(start, pos));
        } catch (NumberFormatException e) {
            throw new IllegalStateException(e.getMessage());
        }
    }

    private void expect(char c) {
        if (pos >= s.length() || s.charAt(pos) != c) {
            throw new IllegalStateException("expected " + c);
        }
        pos++;
    }
}
