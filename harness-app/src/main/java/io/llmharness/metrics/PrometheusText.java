package io.llmharness.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed Prometheus text exposition (format 0.0.4), as vLLM and SGLang serve it on {@code /metrics}. Immutable.
 *
 * <p>What it handles: {@code # TYPE} and {@code # HELP} lines (other comments are skipped), label values with the
 * escapes {@code \\}, {@code \"} and {@code \n}, the special values {@code +Inf}, {@code -Inf} and {@code NaN},
 * an optional timestamp after the value, and blank lines. Samples named {@code <family>_created} of counters and
 * histograms (prometheus_client's creation timestamps) are dropped: they are not measurements and would break
 * sums over a name prefix. Histogram buckets stay cumulative as exposed ({@code le="+Inf"} equals {@code _count}).
 *
 * <pre>{@code
 * PrometheusText before = PrometheusText.parse(scrape());
 * ... run ...
 * PrometheusText after = PrometheusText.parse(scrape());
 * double generated = after.sum("vllm:generation_tokens_total") - before.sum("vllm:generation_tokens_total");
 * }</pre>
 */
public final class PrometheusText {

    /**
     * One sample line.
     *
     * @param name the sample name as written, e.g. {@code vllm:e2e_request_latency_seconds_bucket}
     * @param labels label names to unescaped values, in the order written
     * @param value the value
     */
    public record Sample(String name, Map<String, String> labels, double value) {
        public Sample {
            labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        }

        /** Whether every given label has the given value here. */
        public boolean matches(Map<String, String> selector) {
            for (Map.Entry<String, String> e : selector.entrySet()) {
                if (!e.getValue().equals(labels.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
    }

    private final List<Sample> samples;
    private final Map<String, String> types;

    private PrometheusText(List<Sample> samples, Map<String, String> types) {
        this.samples = List.copyOf(samples);
        this.types = Map.copyOf(types);
    }

    /**
     * Parses an exposition.
     *
     * @throws IllegalArgumentException naming the line number when a sample line is malformed
     */
    public static PrometheusText parse(String text) {
        List<Sample> out = new ArrayList<>();
        Map<String, String> types = new HashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String[] f = line.split("\\s+", 4);
                if (f.length >= 4 && f[1].equals("TYPE")) {
                    types.put(f[2], f[3].strip());
                }
                continue;
            }
            try {
                out.add(new LineParser(line).sample());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(
                        "metrics line " + (i + 1) + ": " + e.getMessage() + ": " + abbreviate(line), e);
            }
        }
        List<Sample> kept = new ArrayList<>(out.size());
        for (Sample s : out) {
            if (!isCreatedTimestamp(s.name(), types)) {
                kept.add(s);
            }
        }
        return new PrometheusText(kept, types);
    }

    /**
     * A {@code _created} sample of a counter, histogram or summary. prometheus_client declares a counter as
     * {@code foo_total} but writes {@code foo_created}, so both family spellings are looked up; it also gives the
     * {@code _created} samples a gauge family of their own ({@code # TYPE foo_created gauge}), which does not make
     * them data. An undeclared {@code _created} sample is taken as a timestamp too. A gauge that happens to end in
     * {@code _created} and belongs to no counter or histogram stays.
     */
    private static boolean isCreatedTimestamp(String name, Map<String, String> types) {
        if (!name.endsWith("_created")) {
            return false;
        }
        String family = name.substring(0, name.length() - "_created".length());
        String type = types.getOrDefault(family, types.get(family + "_total"));
        if ("counter".equals(type) || "histogram".equals(type) || "summary".equals(type)) {
            return true;
        }
        if (types.containsKey(name)) {
            return false; // declared under its own name, of no counter or histogram: a metric of its own
        }
        return !"gauge".equals(type) && !"untyped".equals(type);
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    /** Every sample, in file order ({@code _created} samples excluded). */
    public List<Sample> samples() {
        return samples;
    }

    /** Samples with exactly this name. */
    public List<Sample> samples(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }

    /** The {@code # TYPE} of a family ({@code counter}, {@code gauge}, {@code histogram}, …), if declared. */
    public Optional<String> type(String family) {
        return Optional.ofNullable(types.get(family));
    }

    /** Whether any sample has this name. */
    public boolean has(String name) {
        return samples.stream().anyMatch(s -> s.name().equals(name));
    }

    /** Sum over every series of this name (e.g. both {@code engine} series with data parallelism); 0 if none. */
    public double sum(String name) {
        return sum(name, Map.of());
    }

    /** Sum over the series of this name whose labels include {@code selector}; 0 if none. */
    public double sum(String name, Map<String, String> selector) {
        double total = 0;
        for (Sample s : samples) {
            if (s.name().equals(name) && s.matches(selector)) {
                total += s.value();
            }
        }
        return total;
    }

    /** The value of the single series of this name matching {@code selector}, if exactly one exists. */
    public Optional<Double> value(String name, Map<String, String> selector) {
        List<Sample> hits = samples.stream()
                .filter(s -> s.name().equals(name) && s.matches(selector))
                .toList();
        return hits.size() == 1 ? Optional.of(hits.get(0).value()) : Optional.empty();
    }

    /** Parses one sample line: {@code name[{labels}] value [timestamp]}. */
    private static final class LineParser {
        private final String s;
        private int pos;

        LineParser(String s) {
            this.s = s;
        }

        Sample sample() {
            int start = pos;
            while (pos < s.length() && isNameChar(s.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw new IllegalArgumentException("no metric name");
            }
            String name = s.substring(start, pos);
            Map<String, String> labels = new LinkedHashMap<>();
            skipSpaces();
            if (pos < s.length() && s.charAt(pos) == '{') {
                pos++;
                labels(labels);
            }
            skipSpaces();
            int vs = pos;
            while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
            if (vs == pos) {
                throw new IllegalArgumentException("no value");
            }
            double value = number(s.substring(vs, pos));
            skipSpaces();
            if (pos < s.length()) {
                // optional timestamp (ms); anything else is an error
                Long.parseLong(s.substring(pos).strip());
            }
            return new Sample(name, labels, value);
        }

        private void labels(Map<String, String> out) {
            while (true) {
                skipSpaces();
                if (pos >= s.length()) {
                    throw new IllegalArgumentException("unterminated label set");
                }
                if (s.charAt(pos) == '}') {
                    pos++;
                    return;
                }
                int ns = pos;
                while (pos < s.length() && isNameChar(s.charAt(pos)) && s.charAt(pos) != ':') {
                    pos++;
                }
                String key = s.substring(ns, pos);
                skipSpaces();
                if (key.isEmpty() || pos >= s.length() || s.charAt(pos) != '=') {
                    throw new IllegalArgumentException("bad label at column " + (pos + 1));
                }
                pos++;
                skipSpaces();
                if (pos >= s.length() || s.charAt(pos) != '"') {
                    throw new IllegalArgumentException("label value must be quoted at column " + (pos + 1));
                }
                pos++;
                out.put(key, quoted());
                skipSpaces();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                }
            }
        }

        private String quoted() {
            StringBuilder b = new StringBuilder();
            while (pos < s.length()) {
                char c = s.charAt(pos++);
                if (c == '"') {
                    return b.toString();
                }
                if (c == '\\' && pos < s.length()) {
                    char e = s.charAt(pos++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case '\\' -> b.append('\\');
                        case '"' -> b.append('"');
                        default -> b.append('\\').append(e);
                    }
                } else {
                    b.append(c);
                }
            }
            throw new IllegalArgumentException("unterminated label value");
        }

        private void skipSpaces() {
            while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
                pos++;
            }
        }

        private static boolean isNameChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == ':';
        }

        private static double number(String v) {
            return switch (v) {
                case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                case "NaN" -> Double.NaN;
                default -> Double.parseDouble(v);
            };
        }
    }
}
