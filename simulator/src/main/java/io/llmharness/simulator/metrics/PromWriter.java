package io.llmharness.simulator.metrics;

/**
 * Prometheus text exposition format 0.0.4, written the way Python's {@code prometheus_client} writes it: labels in
 * alphabetical order, values as Python floats ({@code 8.0}, {@code 1.767225600123e+09}). A counter's or histogram's
 * {@code _created} samples follow its other samples as a gauge family of their own, with HELP and TYPE lines (the
 * library's text format does that so that 0.0.4 parsers do not see them as untyped). In multiprocess mode (SGLang,
 * vLLM with several API servers) there are no {@code _created} samples and every HELP text is the library's
 * {@value #MULTIPROCESS_HELP}.
 */
final class PromWriter {
    /** The documentation prometheus_client's multiprocess collector gives every family. */
    static final String MULTIPROCESS_HELP = "Multiprocess metric";

    private final StringBuilder out = new StringBuilder(16384);
    private final StringBuilder created = new StringBuilder(1024);
    private final boolean multiprocess;
    private String createdName;
    private String createdHelp;

    PromWriter(boolean multiprocess) {
        this.multiprocess = multiprocess;
    }

    /**
     * Starts a family.
     *
     * @param name the exposed name ({@code …_total} for counters)
     * @param base the name {@code _created} samples hang off (a counter's name without {@code _total})
     */
    void family(String name, String type, String help, String base) {
        flushCreated();
        String doc = multiprocess ? MULTIPROCESS_HELP : help;
        out.append("# HELP ").append(name).append(' ').append(doc).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        createdName = base + "_created";
        createdHelp = doc;
    }

    void family(String name, String type, String help) {
        family(name, type, help, name);
    }

    /** The family's {@code _created} sample (creation time, Unix seconds) for these labels; none in multiprocess mode. */
    void created(double unixSeconds, String... labels) {
        if (multiprocess) {
            return;
        }
        int mark = out.length();
        sample(createdName, unixSeconds, labels);
        created.append(out, mark, out.length());
        out.setLength(mark);
    }

    private void flushCreated() {
        if (created.isEmpty()) {
            return;
        }
        out.append("# HELP ")
                .append(createdName)
                .append(' ')
                .append(createdHelp)
                .append('\n');
        out.append("# TYPE ").append(createdName).append(" gauge\n");
        out.append(created);
        created.setLength(0);
    }

    /**
     * One sample. {@code labels} alternate name, value and must already be sorted by name.
     */
    void sample(String name, double value, String... labels) {
        out.append(name);
        if (labels.length > 0) {
            out.append('{');
            for (int i = 0; i < labels.length; i += 2) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(labels[i]).append("=\"");
                escape(labels[i + 1]);
                out.append('"');
            }
            out.append('}');
        }
        out.append(' ').append(number(value)).append('\n');
    }

    private void escape(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                default -> out.append(c);
            }
        }
    }

    /** Python's float formatting as prometheus_client uses it. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e6) {
            return (long) v + ".0";
        }
        if (Math.abs(v) >= 1e6) {
            String s = String.format(java.util.Locale.ROOT, "%.12e", v);
            int e = s.indexOf('e');
            String mantissa = s.substring(0, e).replaceAll("0+$", "").replaceAll("\\.$", "");
            int exp = Integer.parseInt(s.substring(e + 1));
            return mantissa + "e+" + (exp < 10 ? "0" : "") + exp;
        }
        return Double.toString(v);
    }

    /** A histogram's bucket, count and sum samples (and {@code _created}) with extra leading/trailing labels. */
    void histogram(String name, long[] cumulative, double[] bounds, double sum, long createdMillis, String... labels) {
        for (int i = 0; i <= bounds.length; i++) {
            String le = i < bounds.length ? number(bounds[i]) : "+Inf";
            sample(name + "_bucket", cumulative[i], withLe(labels, le));
        }
        sample(name + "_count", cumulative[bounds.length], labels);
        sample(name + "_sum", sum, labels);
        created(createdMillis / 1000.0, labels);
    }

    /** Inserts {@code le} in alphabetical position among sorted labels. */
    private static String[] withLe(String[] labels, String le) {
        String[] out = new String[labels.length + 2];
        int o = 0;
        boolean placed = false;
        for (int i = 0; i < labels.length; i += 2) {
            if (!placed && labels[i].compareTo("le") > 0) {
                out[o++] = "le";
                out[o++] = le;
                placed = true;
            }
            out[o++] = labels[i];
            out[o++] = labels[i + 1];
        }
        if (!placed) {
            out[o++] = "le";
            out[o] = le;
        }
        return out;
    }

    @Override
    public String toString() {
        flushCreated();
        return out.toString();
    }
}
