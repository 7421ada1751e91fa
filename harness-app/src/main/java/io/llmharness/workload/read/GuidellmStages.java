package io.llmharness.workload.read;

import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * guidellm profiles as stages: one stage per rate (constant, poisson, async) or stream count (concurrent), bounded
 * by {@code max_seconds} / {@code max_requests}; {@code synchronous} is one stream; {@code throughput} sends with
 * the given concurrency (default 512); {@code sweep} is planned at run time.
 */
final class GuidellmStages {

    /** In-flight cap of a throughput benchmark without a rate. */
    static final int THROUGHPUT_CONCURRENCY = 512;

    private static final Set<String> PROFILES =
            Set.of("synchronous", "concurrent", "throughput", "constant", "poisson", "async", "sweep");

    private GuidellmStages() {}

    /** v0.5: {@code profile}, {@code rate}, {@code max_seconds}, {@code max_requests} at the top level. */
    static List<Stage> flat(YamlNode root) {
        String profile = root.child("profile").oneOf("sweep", PROFILES);
        return stages(
                profile,
                root.child("profile"),
                root.child("rate"),
                root.child("max_seconds").number(0.0),
                root.child("max_requests").integer(0L),
                root);
    }

    /** v0.7: {@code profile.kind/rate/streams} and {@code constraints}. */
    static List<Stage> of(YamlNode profile, YamlNode constraints) {
        profile.allowOnly(List.of("kind", "rate", "streams", "max_concurrency"));
        String kind = profile.child("kind").oneOf("sweep", PROFILES);
        double seconds = 0;
        long requests = 0;
        for (YamlNode c : constraints.list()) {
            c.allowOnly(List.of("kind", "seconds", "count"));
            String k = c.child("kind").oneOf(null, Set.of("max_duration", "max_requests", "max_errors"));
            switch (k) {
                case "max_duration" -> seconds = InferencePerfLoad.positiveNumber(c.child("seconds"), null);
                case "max_requests" -> requests = InferencePerfLoad.positive(c.child("count"), null);
                default -> throw c.child("kind").error("max_errors constraints are not supported yet");
            }
        }
        YamlNode values =
                kind.equals("concurrent") && profile.has("streams") ? profile.child("streams") : profile.child("rate");
        return stages(kind, profile.child("kind"), values, seconds, requests, profile);
    }

    private static List<Stage> stages(
            String kind, YamlNode kindNode, YamlNode values, double seconds, long requests, YamlNode where) {
        if (seconds < 0 || requests < 0) {
            throw where.error("max_seconds and max_requests must be >= 0");
        }
        if (seconds == 0 && requests == 0) {
            throw where.error("a " + kind + " benchmark needs max_seconds (max_duration) or max_requests; without"
                    + " one it would not end");
        }
        List<Double> rates = rates(values);
        List<Stage> out = new ArrayList<>();
        switch (kind) {
            case "synchronous" -> out.add(new Stage.Concurrency(1, requests, seconds));
            case "throughput" -> {
                int c = rates.isEmpty() ? THROUGHPUT_CONCURRENCY : (int) Math.max(1, rates.get(0));
                out.add(new Stage.Concurrency(c, requests, seconds));
            }
            case "concurrent" -> {
                needRates(rates, values, "stream counts");
                for (double r : rates) {
                    if (r < 1 || r != Math.rint(r)) {
                        throw values.error("stream counts are whole numbers >= 1, got " + r);
                    }
                    out.add(new Stage.Concurrency((int) r, requests, seconds));
                }
            }
            case "constant", "poisson", "async" -> {
                needRates(rates, values, "rates");
                Arrival arrival = kind.equals("poisson") ? Arrival.POISSON : Arrival.CONSTANT;
                for (double r : rates) {
                    if (!(r > 0) || Double.isInfinite(r)) {
                        throw values.error("rates must be positive numbers of requests per second, got " + r);
                    }
                    out.add(rateStage(r, seconds, requests, arrival));
                }
            }
            case "sweep" -> {
                int strategies = rates.isEmpty() ? 10 : (int) Math.rint(rates.get(0));
                if (strategies < 2) {
                    throw values.error("a sweep needs at least 2 strategies, got " + strategies);
                }
                out.add(new Stage.Sweep(new SweepSpec.Guidellm(
                        strategies, seconds, requests, THROUGHPUT_CONCURRENCY, Arrival.CONSTANT)));
            }
            default -> throw kindNode.error("unknown profile " + kind);
        }
        return out;
    }

    private static Stage rateStage(double rate, double seconds, long requests, Arrival arrival) {
        if (seconds > 0) {
            long n = Math.max(1, (long) Math.floor(rate * seconds + 1e-9));
            return new Stage.Rate(rate, seconds, arrival, requests > 0 ? Math.min(n, requests) : n);
        }
        return new Stage.Rate(rate, requests / rate, arrival, requests);
    }

    private static void needRates(List<Double> rates, YamlNode values, String what) {
        if (rates.isEmpty()) {
            throw values.error("missing: give the " + what + " (a number or a list)");
        }
    }

    private static List<Double> rates(YamlNode values) {
        List<Double> out = new ArrayList<>();
        if (values.missing()) {
            return out;
        }
        if (values.isList()) {
            for (YamlNode v : values.list()) {
                out.add(v.number(null));
            }
        } else {
            out.add(values.number(null));
        }
        return out;
    }
}
