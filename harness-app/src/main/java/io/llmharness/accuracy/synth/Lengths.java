package io.llmharness.accuracy.synth;

import java.util.SplittableRandom;

/** Length draws for synthetic rows: normal, clipped, and adjusted so that they add up to an exact total. */
final class Lengths {

    private Lengths() {}

    static double normal(SplittableRandom rng, double mean, double sd) {
        double u1 = Math.max(rng.nextDouble(), 1e-300);
        double u2 = rng.nextDouble();
        return mean + sd * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    /**
     * {@code n} lengths drawn from a clipped normal, then moved one unit at a time (round robin, within the bounds)
     * until they add up to {@code total}.
     */
    static int[] exactTotal(int n, long total, double mean, double sd, int min, int max, SplittableRandom rng) {
        int[] out = new int[n];
        if (n == 0) {
            return out;
        }
        int hi = Math.max(max, (int) Math.ceil(total / (double) n) + 1);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            out[i] = (int) Math.max(min, Math.min(hi, Math.round(normal(rng, mean, sd))));
            sum += out[i];
        }
        long diff = total - sum;
        int i = 0;
        int stuck = 0;
        while (diff != 0 && stuck <= n) {
            int step = diff > 0 ? 1 : -1;
            if (out[i] + step >= min && out[i] + step <= hi) {
                long room = step > 0 ? hi - out[i] : out[i] - min;
                long move = Math.min(room, Math.max(1, Math.abs(diff) / n));
                out[i] += (int) (step * move);
                diff -= step * move;
                stuck = 0;
            } else {
                stuck++;
            }
            i = (i + 1) % n;
        }
        return out;
    }
}
