package io.llmharness.workload.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalPlanTest {

    private static long[] offsets(ArrivalPlan plan) {
        long[] out = new long[(int) plan.requests()];
        ArrivalPlan.Cursor c = plan.cursor();
        for (int i = 0; c.hasNext(); i++) {
            out[i] = c.nextOffsetNs();
        }
        return out;
    }

    private static double[] gapsSeconds(long[] t) {
        double[] g = new double[t.length - 1];
        for (int i = 1; i < t.length; i++) {
            g[i - 1] = (t[i] - t[i - 1]) / 1e9;
        }
        return g;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double cv(double[] v) {
        double m = mean(v);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / v.length) / m;
    }

    @Test
    void constantArrivalsAreEvenlySpacedFromZero() {
        ArrivalPlan p = ArrivalPlan.of(Stage.Rate.of(4, 30, Arrival.CONSTANT), 1, 0);
        assertThat(p.requests()).isEqualTo(120);
        assertThat(p.spanNs()).isEqualTo(30_000_000_000L);
        long[] t = offsets(p);
        for (int i = 0; i < t.length; i++) {
            assertThat(t[i]).isEqualTo(250_000_000L * i);
            assertThat(p.offsetNs(i)).isEqualTo(t[i]);
        }
    }

    @Test
    void poissonArrivalsHaveExponentialGapsAndFillTheStage() {
        ArrivalPlan p = ArrivalPlan.of(Stage.Rate.of(50, 200, Arrival.POISSON), 42, 3);
        long[] t = offsets(p);
        assertThat(t[0]).isZero();
        assertThat(t).isSorted();
        assertThat(t[t.length - 1]).isLessThan(p.spanNs());
        double[] g = gapsSeconds(t);
        // 10,000 exponential gaps: mean 1/rate and coefficient of variation 1, within a few standard errors
        assertThat(mean(g)).isCloseTo(0.02, within(0.0005));
        assertThat(cv(g)).isCloseTo(1.0, within(0.05));
        assertThat(p.offsetNs(5000)).isEqualTo(t[5000]);
    }

    @Test
    void gammaBurstinessChangesTheSpreadNotTheRate() {
        double[] bursty =
                gapsSeconds(offsets(ArrivalPlan.of(new Stage.Rate(20, 500, Arrival.gamma(0.25), 10_000), 9, 0)));
        double[] smooth =
                gapsSeconds(offsets(ArrivalPlan.of(new Stage.Rate(20, 500, Arrival.gamma(4.0), 10_000), 9, 0)));
        assertThat(mean(bursty)).isCloseTo(0.05, within(0.002));
        assertThat(mean(smooth)).isCloseTo(0.05, within(0.002));
        assertThat(cv(bursty)).isCloseTo(2.0, within(0.15)); // 1/sqrt(0.25)
        assertThat(cv(smooth)).isCloseTo(0.5, within(0.05)); // 1/sqrt(4)
    }

    @Test
    void aPlanIsAPureFunctionOfStageSeedAndIndex() {
        Stage.Rate s = Stage.Rate.of(10, 10, Arrival.POISSON);
        assertThat(offsets(ArrivalPlan.of(s, 5, 0))).isEqualTo(offsets(ArrivalPlan.of(s, 5, 0)));
        assertThat(offsets(ArrivalPlan.of(s, 5, 0))).isNotEqualTo(offsets(ArrivalPlan.of(s, 6, 0)));
        assertThat(offsets(ArrivalPlan.of(s, 5, 0))).isNotEqualTo(offsets(ArrivalPlan.of(s, 5, 1)));
    }

    @Test
    void saturationIsAPercentileOfTheDrainRates() {
        long[] t = {0, 500_000_000L, 1_000_000_000L, 1_500_000_000L, 2_000_000_000L};
        int[] in = {100, 90, 70, 75, 65};
        // drops: 10 in 0.5 s = 20/s, 20 → 40/s, (rise ignored), 10 → 20/s
        assertThat(SweepPlanner.saturation(t, in, 50)).isEqualTo(20.0);
        assertThat(SweepPlanner.saturation(t, in, 100)).isEqualTo(40.0);
        assertThat(SweepPlanner.saturation(t, new int[] {1, 1, 1, 1, 1}, 95)).isNaN();
    }

    @Test
    void linearAndGeometricSweeps() {
        SweepSpec.InferencePerf lin = new SweepSpec.InferencePerf(false, 100, 60, 5, 10, 95, Arrival.CONSTANT);
        assertThat(SweepPlanner.inferencePerf(lin, 9).stream()
                        .map(s -> ((Stage.Rate) s).rate())
                        .toList())
                .containsExactly(1.0, 3.0, 5.0, 7.0, 9.0);
        SweepSpec.InferencePerf geo = new SweepSpec.InferencePerf(true, 100, 60, 3, 10, 95, Arrival.CONSTANT);
        List<Double> g = SweepPlanner.inferencePerf(geo, 9).stream()
                .map(s -> ((Stage.Rate) s).rate())
                .toList();
        assertThat(g).containsExactly(1.0, 7.0, 9.0); // 1+9-9, 1+9-3, 1+9-1
    }

    @Test
    void guidellmSweepRatesLieStrictlyBetweenTheProbes() {
        SweepSpec.Guidellm spec = new SweepSpec.Guidellm(5, 10, 0, 64, Arrival.CONSTANT);
        assertThat(SweepPlanner.guidellm(spec, 2, 10).stream()
                        .map(s -> ((Stage.Rate) s).rate())
                        .toList())
                .containsExactly(4.0, 6.0, 8.0);
    }
}
