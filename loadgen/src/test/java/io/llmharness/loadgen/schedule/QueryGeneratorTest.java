package io.llmharness.loadgen.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The query-generation vectors of spec section 4.4 (loaded set L = [1,5,7,6,0,8,3,2,9,4]). */
class QueryGeneratorTest {

    static TestSettings settings(Scenario scenario) {
        TestSettings s = new TestSettings();
        s.scenario = scenario;
        s.qslRngSeed = Long.parseUnsignedLong("2085463073848966840");
        s.sampleIndexRngSeed = Long.parseUnsignedLong("2747215439041700203");
        s.scheduleRngSeed = Long.parseUnsignedLong("16159082839903944936");
        s.minDurationMs = 0;
        return s;
    }

    static EffectiveSettings effective(TestSettings s) {
        return EffectiveSettings.of(s, 10, 10, m -> {
            throw new AssertionError(m);
        });
    }

    static LoadableSet performanceSet(EffectiveSettings e) {
        return LoadableSets.generate(e, 10, e.performanceSampleCount()).get(0);
    }

    static List<Integer> indices(QueryPlan p) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < p.sampleCount(); i++) {
            out.add(p.sampleIndex(i));
        }
        return out;
    }

    @Test
    void performanceSetIsAPermutationOfTheFirstIndices() {
        EffectiveSettings e = effective(settings(Scenario.SINGLE_STREAM));
        LoadableSet set = performanceSet(e);
        assertThat(set.samples()).containsExactly(1, 5, 7, 6, 0, 8, 3, 2, 9, 4);
        assertThat(set.distributionEnd()).isEqualTo(10);
    }

    @Test
    void singleStreamDrawsUniformly() {
        TestSettings s = settings(Scenario.SINGLE_STREAM);
        s.minQueryCount = 12;
        EffectiveSettings e = effective(s);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), false, 0, new QueryGenerator.Sequence());
        assertThat(indices(p)).containsExactly(2, 2, 2, 0, 8, 6, 0, 9, 1, 9, 6, 3);
    }

    @Test
    void equalIssuePadsToWholePermutations() {
        TestSettings s = settings(Scenario.SINGLE_STREAM);
        s.minQueryCount = 12;
        s.sampleConcatenatePermutation = true;
        TestSettings raw = s.copy();
        EffectiveSettings e = effective(raw);
        // SingleStream equal issue raises min_query_count to the next multiple of the QSL count (+10 when already one).
        assertThat(e.minQueryCount()).isEqualTo(20);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), false, 0, new QueryGenerator.Sequence());
        assertThat(indices(p)).containsExactly(7, 2, 1, 0, 5, 6, 3, 4, 8, 9, 7, 8, 1, 2, 4, 0, 5, 9, 3, 6);
    }

    @Test
    void serverEqualIssueSchedule() {
        TestSettings s = settings(Scenario.SERVER);
        s.serverTargetQps = 10;
        s.minQueryCount = 5;
        s.sampleConcatenatePermutation = true;
        EffectiveSettings e = effective(s);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), false, 0, new QueryGenerator.Sequence());
        assertThat(p.queryCount()).isEqualTo(10);
        assertThat(indices(p)).containsExactly(7, 2, 1, 0, 5, 6, 3, 4, 8, 9);
        long[] t = p.times();
        assertThat(new long[] {t[0], t[1], t[2], t[3], t[4], t[5]})
                .containsExactly(0, 184365401, 230157769, 358744000, 430043472, 468684134);
        assertThat(p.generatedDuration()).isEqualTo(991122988L);
    }

    @Test
    void accuracyOrderIsTheShuffledDistribution() {
        TestSettings s = settings(Scenario.SINGLE_STREAM);
        s.mode = TestMode.ACCURACY_ONLY;
        EffectiveSettings e = effective(s);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), true, 0, new QueryGenerator.Sequence());
        assertThat(indices(p)).containsExactly(2, 5, 3, 8, 7, 9, 0, 1, 6, 4);
    }

    @Test
    void offlineRepeatsTheSetInOrder() {
        TestSettings s = settings(Scenario.OFFLINE);
        s.minQueryCount = 25;
        EffectiveSettings e = effective(s);
        assertThat(e.samplesPerQuery()).isEqualTo(25);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), false, 0, new QueryGenerator.Sequence());
        assertThat(p.queryCount()).isEqualTo(1);
        assertThat(indices(p))
                .containsExactly(1, 5, 7, 6, 0, 8, 3, 2, 9, 4, 1, 5, 7, 6, 0, 8, 3, 2, 9, 4, 1, 5, 7, 6, 0);
    }

    @Test
    void offlineEqualIssuePadsTheQueryAndShufflesEachCopy() {
        TestSettings s = settings(Scenario.OFFLINE);
        s.minQueryCount = 25;
        s.sampleConcatenatePermutation = true;
        EffectiveSettings e = effective(s);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), false, 0, new QueryGenerator.Sequence());
        assertThat(p.samplesPerQuery()).isEqualTo(30);
        List<Integer> all = indices(p);
        for (int copy = 0; copy < 3; copy++) {
            assertThat(all.subList(copy * 10, copy * 10 + 10)).containsExactlyInAnyOrder(1, 5, 7, 6, 0, 8, 3, 2, 9, 4);
        }
        assertThat(all.subList(0, 10)).isNotEqualTo(List.of(1, 5, 7, 6, 0, 8, 3, 2, 9, 4));
    }

    @Test
    void multiStreamUsesContiguousSamplesOfThePaddedSet() {
        TestSettings s = settings(Scenario.MULTI_STREAM);
        s.multiStreamSamplesPerQuery = 3;
        s.minQueryCount = 4;
        EffectiveSettings e = effective(s);
        LoadableSet set = performanceSet(e);
        assertThat(set.samples()).containsExactly(1, 5, 7, 6, 0, 8, 3, 2, 9, 4, 1, 5);
        QueryPlan p = QueryGenerator.generate(e, set, false, 0, new QueryGenerator.Sequence());
        for (int q = 0; q < p.queryCount(); q++) {
            int first = p.firstSample(q);
            int start = indexOf(set.samples(), p.sampleIndex(first));
            assertThat(p.sampleIndex(first + 1)).isEqualTo(set.samples()[start + 1]);
            assertThat(p.sampleIndex(first + 2)).isEqualTo(set.samples()[start + 2]);
        }
    }

    @Test
    void sequenceIdsContinueAcrossRuns() {
        TestSettings s = settings(Scenario.SINGLE_STREAM);
        s.minQueryCount = 12;
        EffectiveSettings e = effective(s);
        QueryGenerator.Sequence seq = new QueryGenerator.Sequence();
        QueryPlan a = QueryGenerator.generate(e, performanceSet(e), false, 0, seq);
        QueryPlan b = QueryGenerator.generate(e, performanceSet(e), false, 0, seq);
        assertThat(a.firstSampleId()).isZero();
        assertThat(b.firstSampleId()).isEqualTo(12);
        assertThat(b.firstQueryId()).isEqualTo(12);
    }

    @Test
    void accuracySetsAreChunksOfThePerformanceCount() {
        TestSettings s = settings(Scenario.SINGLE_STREAM);
        EffectiveSettings e = EffectiveSettings.of(s, 50, 60, m -> {});
        List<LoadableSet> sets = LoadableSets.generate(e, 60, e.accuracySampleCount());
        assertThat(sets).hasSize(2);
        assertThat(sets.get(0).size()).isEqualTo(50);
        assertThat(sets.get(1).size()).isEqualTo(10);
    }

    @Test
    void singleStreamPeriodIsTruncated() {
        TestSettings s = settings(Scenario.SINGLE_STREAM);
        s.singleStreamExpectedLatencyNs = 1e9 / 116;
        s.minQueryCount = 3;
        EffectiveSettings e = effective(s);
        QueryPlan p = QueryGenerator.generate(e, performanceSet(e), false, 0, new QueryGenerator.Sequence());
        assertThat(p.times()[1]).isEqualTo(8620689L);
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }
}
