package io.llmharness.metrics.server;

import io.llmharness.metrics.StageWindow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The server signals of a run, from its scrapes: per server and combined over servers, as series over time and as
 * statistics per stage. Immutable.
 *
 * <p>Counters become rates between consecutive scrapes of a server; a counter that goes down (a restarted server)
 * counts from zero again. A stage's counter increase runs from the last scrape at or before its start (else the
 * first one after it) to the first scrape at or after its end (else the last one before it), so with coarse
 * scrapes the figures include some traffic outside the stage; scraping at stage boundaries makes them exact.
 */
public final class ServerTimeline {

    private final List<String> servers;
    private final double[] scrapeTimes;
    private final Map<ServerSignal, List<Raw>> raw;

    /** The raw values of one source of one server, in time order; {@code den} is null except for ratios. */
    private record Raw(String server, ServerSignal.Source source, double[] t, double[] num, double[] den) {}

    private ServerTimeline(List<String> servers, double[] scrapeTimes, Map<ServerSignal, List<Raw>> raw) {
        this.servers = List.copyOf(servers);
        this.scrapeTimes = scrapeTimes;
        this.raw = raw;
    }

    /** Builds the timeline of a set of scraped values (any order). */
    public static ServerTimeline of(List<ScrapedValue> values) {
        Map<String, TreeMap<Double, Map<String, ScrapedValue>>> byServer = new LinkedHashMap<>();
        TreeSet<Double> times = new TreeSet<>();
        for (ScrapedValue v : values) {
            byServer.computeIfAbsent(v.server(), k -> new TreeMap<>())
                    .computeIfAbsent(v.timeS(), k -> new HashMap<>())
                    .put(v.metric(), v);
            times.add(v.timeS());
        }
        Map<ServerSignal, List<Raw>> raw = new EnumMap<>(ServerSignal.class);
        for (ServerSignal signal : ServerSignal.values()) {
            List<Raw> list = new ArrayList<>();
            byServer.forEach((server, scrapes) -> {
                Raw r = raw(server, signal, scrapes);
                if (r != null) {
                    list.add(r);
                }
            });
            raw.put(signal, List.copyOf(list));
        }
        double[] t = times.stream().mapToDouble(Double::doubleValue).toArray();
        return new ServerTimeline(new ArrayList<>(byServer.keySet()), t, raw);
    }

    private static Raw raw(String server, ServerSignal signal, TreeMap<Double, Map<String, ScrapedValue>> scrapes) {
        for (ServerSignal.Source source : signal.sources()) {
            List<double[]> rows = new ArrayList<>();
            for (Map.Entry<Double, Map<String, ScrapedValue>> e : scrapes.entrySet()) {
                ScrapedValue a = e.getValue().get(source.metric());
                ScrapedValue b =
                        source.denominator() == null ? null : e.getValue().get(source.denominator());
                if (a == null || (source.denominator() != null && b == null)) {
                    continue;
                }
                double v = signal.combine() == ServerSignal.Combine.MEAN ? a.meanValue() : a.value();
                rows.add(new double[] {e.getKey(), v, b == null ? Double.NaN : b.value()});
            }
            if (!rows.isEmpty()) {
                double[] t = rows.stream().mapToDouble(r -> r[0]).toArray();
                double[] num = rows.stream().mapToDouble(r -> r[1]).toArray();
                double[] den = source.denominator() == null
                        ? null
                        : rows.stream().mapToDouble(r -> r[2]).toArray();
                return new Raw(server, source, t, num, den);
            }
        }
        return null;
    }

    /** The servers scraped, in the order first seen. */
    public List<String> servers() {
        return servers;
    }

    /** Number of scrapes (distinct scrape times). */
    public int scrapes() {
        return scrapeTimes.length;
    }

    /** The median time between two scrapes in seconds, or NaN with fewer than two. */
    public double medianIntervalS() {
        if (scrapeTimes.length < 2) {
            return Double.NaN;
        }
        double[] gaps = new double[scrapeTimes.length - 1];
        for (int i = 1; i < scrapeTimes.length; i++) {
            gaps[i - 1] = scrapeTimes[i] - scrapeTimes[i - 1];
        }
        Arrays.sort(gaps);
        return gaps[gaps.length / 2];
    }

    /** Whether any server exposed a source of the signal. */
    public boolean has(ServerSignal signal) {
        return !raw.get(signal).isEmpty();
    }

    /** The metric name each server's signal comes from, by server. */
    public Map<String, String> sourceNames(ServerSignal signal) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Raw r : raw.get(signal)) {
            out.put(r.server(), r.source().metric());
        }
        return Collections.unmodifiableMap(out);
    }

    /** The signal of each server over time. */
    public List<SignalSeries> perServer(ServerSignal signal) {
        return raw.get(signal).stream().map(ServerTimeline::series).toList();
    }

    /** The signal combined over servers (sum, or mean for fractions and hit rates), or null when never exposed. */
    public SignalSeries combined(ServerSignal signal) {
        List<SignalSeries> each = perServer(signal);
        if (each.isEmpty()) {
            return null;
        }
        if (each.size() == 1) {
            SignalSeries s = each.get(0);
            return new SignalSeries("all", s.source(), s.timesS(), s.values());
        }
        TreeMap<Double, double[]> at = new TreeMap<>(); // time -> {sum, count}
        for (SignalSeries s : each) {
            for (int i = 0; i < s.size(); i++) {
                double[] acc = at.computeIfAbsent(s.timesS()[i], k -> new double[2]);
                acc[0] += s.values()[i];
                acc[1]++;
            }
        }
        boolean sum = signal.combine() == ServerSignal.Combine.SUM;
        double[] t = new double[at.size()];
        double[] v = new double[at.size()];
        int i = 0;
        for (Map.Entry<Double, double[]> e : at.entrySet()) {
            t[i] = e.getKey();
            v[i++] = sum ? e.getValue()[0] : e.getValue()[0] / e.getValue()[1];
        }
        return new SignalSeries("all", each.get(0).source(), t, v);
    }

    private static SignalSeries series(Raw r) {
        if (r.source().kind() == ServerSignal.Source.Kind.GAUGE) {
            return new SignalSeries(
                    r.server(), r.source(), r.t().clone(), r.num().clone());
        }
        List<double[]> points = new ArrayList<>();
        for (int i = 1; i < r.t().length; i++) {
            double dt = r.t()[i] - r.t()[i - 1];
            double dn = increase(r.num(), i);
            if (r.den() == null) {
                if (dt > 0) {
                    points.add(new double[] {r.t()[i], dn / dt});
                }
            } else {
                double dd = increase(r.den(), i);
                if (dd > 0) {
                    points.add(new double[] {r.t()[i], dn / dd});
                }
            }
        }
        return new SignalSeries(
                r.server(),
                r.source(),
                points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray());
    }

    /** A counter's increase from scrape i-1 to i; after a reset (a decrease), the value itself. */
    private static double increase(double[] c, int i) {
        double d = c[i] - c[i - 1];
        return d >= 0 ? d : c[i];
    }

    /** The statistics of a signal over a stage, combined over servers. */
    public SignalStats stats(ServerSignal signal, StageWindow stage) {
        double from = stage.startSeconds();
        double to = stage.endSeconds();
        List<Raw> list = raw.get(signal);
        if (list.isEmpty()) {
            return SignalStats.NONE;
        }
        if (list.get(0).source().kind() == ServerSignal.Source.Kind.GAUGE) {
            return gaugeStats(combined(signal), from, to);
        }
        double total = 0;
        double rate = 0;
        double num = 0;
        double den = 0;
        boolean any = false;
        for (Raw r : list) {
            int a = baseline(r.t(), from);
            int b = last(r.t(), to);
            if (b <= a) {
                continue;
            }
            any = true;
            double inc = 0;
            double incDen = 0;
            for (int i = a + 1; i <= b; i++) {
                inc += increase(r.num(), i);
                incDen += r.den() == null ? 0 : increase(r.den(), i);
            }
            total += inc;
            rate += inc / (r.t()[b] - r.t()[a]);
            num += inc;
            den += incDen;
        }
        if (!any) {
            return SignalStats.NONE;
        }
        Double max = maxBetween(combined(signal), from, to);
        if (list.get(0).source().kind() == ServerSignal.Source.Kind.RATIO) {
            return new SignalStats(den > 0 ? num / den : null, max, null);
        }
        return new SignalStats(rate, max, total);
    }

    private static SignalStats gaugeStats(SignalSeries s, double from, double to) {
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (int i = 0; i < s.size(); i++) {
            double t = s.timesS()[i];
            if (t >= from && t <= to) {
                sum += s.values()[i];
                max = Math.max(max, s.values()[i]);
                n++;
            }
        }
        return n == 0 ? SignalStats.NONE : new SignalStats(sum / n, max, null);
    }

    private static Double maxBetween(SignalSeries s, double from, double to) {
        Double max = null;
        for (int i = 0; i < s.size(); i++) {
            double t = s.timesS()[i];
            if (t > from && t <= to && (max == null || s.values()[i] > max)) {
                max = s.values()[i];
            }
        }
        return max;
    }

    /** Index of the last time at or before {@code from}, else 0. */
    private static int baseline(double[] t, double from) {
        int idx = 0;
        for (int i = 0; i < t.length && t[i] <= from; i++) {
            idx = i;
        }
        return idx;
    }

    /** Index of the first time at or after {@code to}, else the last index. */
    private static int last(double[] t, double to) {
        for (int i = 0; i < t.length; i++) {
            if (t[i] >= to) {
                return i;
            }
        }
        return t.length - 1;
    }
}
