package io.llmharness.metrics.server;

/**
 * The answers to one {@link PromMetric}'s queries, in query order (0 where Prometheus had no series, as
 * inference-perf counts it), read by meaning.
 */
public record PromValue(PromMetric metric, double[] answers) {

    /** A metric nobody asked about (the server kind does not export it): every figure 0, as inference-perf. */
    public static PromValue absent() {
        return new PromValue(null, new double[0]);
    }

    /** A counter's increase over the window. */
    public double total() {
        return metric instanceof PromMetric.Counter ? at(0) : 0;
    }

    /** The mean: a counter's average per-second rate, a gauge's average, a histogram's {@code _sum/_count}. */
    public double avg() {
        return metric instanceof PromMetric.Counter ? at(1) : at(0);
    }

    public double median() {
        return metric instanceof PromMetric.Counter ? 0 : at(1);
    }

    public double p90() {
        return metric instanceof PromMetric.Counter ? 0 : at(2);
    }

    public double p99() {
        return metric instanceof PromMetric.Counter ? 0 : at(3);
    }

    /** Per second: a counter's rate, a histogram's observations per second; 0 for a gauge. */
    public double perSecond() {
        if (metric instanceof PromMetric.Counter) {
            return at(2);
        }
        return metric instanceof PromMetric.Histogram ? at(4) : 0;
    }

    private double at(int i) {
        return i < answers.length ? answers[i] : 0;
    }
}
