package io.llmharness.loadgen.schedule;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.random.Mt19937;
import io.llmharness.loadgen.random.StdRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits the first {@code count} QSL indices into loadable sets: indices {@code 0 .. min(count, total) - 1}
 * shuffled with a fresh MT19937({@code qsl_rng_seed}), cut into chunks of {@code performance_sample_count}
 * (the last may be shorter), MultiStream chunks padded with their first {@code samples_per_query - 1}
 * elements.
 */
public final class LoadableSets {

    private LoadableSets() {}

    /** The loadable sets for a run over {@code count} samples. */
    public static List<LoadableSet> generate(EffectiveSettings s, long qslTotalCount, long count) {
        long n = Math.min(count, qslTotalCount);
        if (n > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("sample count " + n + " exceeds what this LoadGen supports (2^31 - 17)");
        }
        int[] all = new int[(int) n];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        StdRandom.shuffle(all, new Mt19937(s.qslRngSeed()));
        // performance_sample_count 0 never closes a chunk in C++: everything lands in one set.
        long perf = s.performanceSampleCount();
        int setSize = perf <= 0 || perf > all.length ? Math.max(all.length, 1) : (int) perf;
        int padding = s.scenario() == Scenario.MULTI_STREAM ? (int) (s.samplesPerQuery() - 1) : 0;
        List<LoadableSet> sets = new ArrayList<>();
        for (int from = 0; from < all.length; from += setSize) {
            int to = Math.min(all.length, from + setSize);
            int[] set = Arrays.copyOf(Arrays.copyOfRange(all, from, to), to - from + padding);
            for (int i = 0; i < padding; i++) {
                set[to - from + i] = set[i % (to - from)];
            }
            sets.add(new LoadableSet(set, to - from));
        }
        return sets;
    }
}
