package io.llmharness.loadgen.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.loadgen.Scenario;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The worked values of spec section 6.4 (computed with the real C++ code). */
class EarlyStoppingTest {

    @ParameterizedTest
    @CsvSource({"0,459", "1,661", "2,836", "5,1302", "10,2000", "50,6848", "100,12471", "1000,106569"})
    void minPassingAtP99(long t, long h) {
        assertThat(new EarlyStoppingMath.MinPassingFinder(0.99).minH(t)).isEqualTo(h);
    }

    @Test
    void minPassingAtP99WithSharedMemoLikeOneEvaluation() {
        EarlyStoppingMath.MinPassingFinder f = new EarlyStoppingMath.MinPassingFinder(0.99);
        long[] expected = {459, 661, 836};
        for (int t = 0; t < 3; t++) {
            assertThat(f.minH(t)).isEqualTo(expected[t]);
        }
        assertThat(f.minH(5)).isEqualTo(1302);
        assertThat(f.minH(10)).isEqualTo(2000);
    }

    @ParameterizedTest
    @CsvSource({"0,44", "1,63", "2,79", "10,187"})
    void minPassingAtP90(long t, long h) {
        assertThat(new EarlyStoppingMath.MinPassingFinder(0.90).minH(t)).isEqualTo(h);
    }

    @Test
    void oddsAtTheBoundaries() {
        assertThat(EarlyStoppingMath.odds(459, 0, 0.99, 0)).isCloseTo(0.009920974, within(5e-10));
        assertThat(EarlyStoppingMath.odds(458, 0, 0.99, 0)).isCloseTo(0.010021186, within(5e-10));
        assertThat(EarlyStoppingMath.odds(63, 1, 0.90, 0)).isCloseTo(0.009563150, within(5e-10));
        assertThat(EarlyStoppingMath.odds(62, 1, 0.90, 0)).isCloseTo(0.010480164, within(5e-10));
    }

    @ParameterizedTest
    @CsvSource({"64,1", "100,3", "240,13", "1000,78", "1024,80", "10000,930", "13368,1256"})
    void singleStreamDiscardsAtP90(long n, long t) {
        assertThat(EarlyStopping.discardCount(n, new EarlyStoppingMath.MinPassingFinder(0.90)))
                .isEqualTo(t);
    }

    @ParameterizedTest
    @CsvSource({"1000,2", "10000,77", "270336,2583"})
    void singleStreamDiscardsAtP99(long n, long t) {
        assertThat(EarlyStopping.discardCount(n, new EarlyStoppingMath.MinPassingFinder(0.99)))
                .isEqualTo(t);
    }

    @Test
    void minimumQueryCounts() {
        assertThat(EarlyStopping.discardCount(661, new EarlyStoppingMath.MinPassingFinder(0.99)))
                .isEqualTo(-1);
        assertThat(EarlyStopping.discardCount(662, new EarlyStoppingMath.MinPassingFinder(0.99)))
                .isEqualTo(1);
        assertThat(EarlyStopping.discardCount(6635, new EarlyStoppingMath.MinPassingFinder(0.999)))
                .isEqualTo(-1);
        assertThat(EarlyStopping.discardCount(6636, new EarlyStoppingMath.MinPassingFinder(0.999)))
                .isEqualTo(1);
        assertThat(EarlyStopping.discardCount(63, new EarlyStoppingMath.MinPassingFinder(0.90)))
                .isEqualTo(-1);
    }

    @Test
    void singleStreamTextAndEstimates() {
        long[] lat = LongStream.range(0, 1000).map(i -> 1000 + i).toArray();
        EarlyStopping.Outcome o = EarlyStopping.evaluate(Scenario.SINGLE_STREAM, 1000, lat, new long[0], 0.9, 0);
        assertThat(o.met()).isTrue();
        assertThat(o.latencySs()).isEqualTo(lat[922]);
        assertThat(o.latencyMs()).isEqualTo(lat[998]);
        assertThat(o.text())
                .isEqualTo(
                        " * Processed at least 64 queries (1000).\n * Would discard 77 highest latency queries.\n"
                                + " * Early stopping 90.0th percentile estimate: 1922\n * Early stopping 99.0th percentile estimate: 1998");
    }

    @Test
    void singleStreamTooFewForP99() {
        long[] lat = LongStream.range(0, 100).toArray();
        EarlyStopping.Outcome o = EarlyStopping.evaluate(Scenario.SINGLE_STREAM, 100, lat, new long[0], 0.9, 0);
        assertThat(o.latencySs()).isEqualTo(97);
        assertThat(o.latencyMs()).isNull();
        assertThat(o.text())
                .endsWith(
                        " * Early stopping 90.0th percentile estimate: 97\n * Not enough queries processed for 99.0th"
                                + " percentile\n early stopping estimate (would need to process at\n least 662 total queries).");
    }

    @Test
    void singleStreamTooFewQueries() {
        EarlyStopping.Outcome o = EarlyStopping.evaluate(Scenario.SINGLE_STREAM, 12, new long[12], new long[0], 0.9, 0);
        assertThat(o.met()).isFalse();
        assertThat(o.text())
                .isEqualTo(" * Only processed 12 queries.\n * Need to process at least 64 queries for early stopping.");
    }

    @Test
    void serverNeeds459QueriesWithoutMisses() {
        EarlyStopping.Outcome o = EarlyStopping.evaluate(Scenario.SERVER, 200, new long[200], new long[0], 0.99, 10);
        assertThat(o.met()).isFalse();
        assertThat(o.text())
                .isEqualTo(" * Run unsuccessful.\n * Processed 200 queries.\n * Would need to run at least 259 more"
                        + " queries,\n with the run being successful if every additional\n query were under latency.");
        assertThat(EarlyStopping.evaluate(Scenario.SERVER, 459, new long[459], new long[0], 0.99, 10)
                        .text())
                .isEqualTo(" * Run successful.");
    }

    @Test
    void serverCountsLatenciesStrictlyAboveTheLimit() {
        long[] lat = new long[662];
        lat[661] = 11; // one over the limit 10 -> needs 661 + 1
        lat[660] = 10; // equal to the limit: not counted
        java.util.Arrays.sort(lat);
        assertThat(EarlyStopping.evaluate(Scenario.SERVER, 662, lat, new long[0], 0.99, 10)
                        .met())
                .isTrue();
        assertThat(EarlyStopping.evaluate(Scenario.SERVER, 661, java.util.Arrays.copyOf(lat, 661), new long[0], 0.99, 9)
                        .met())
                .isFalse();
    }

    @Test
    void offlineAlwaysPasses() {
        assertThat(EarlyStopping.evaluate(Scenario.OFFLINE, 1, new long[1], new long[0], 0.99, 0))
                .isEqualTo(new EarlyStopping.Outcome(true, "", null, null));
    }

    @Test
    void lgammaOfIntegers() {
        assertThat(Lgamma.lgamma(1)).isZero();
        assertThat(Lgamma.lgamma(2)).isZero();
        assertThat(Lgamma.lgamma(3)).isEqualTo(Math.log(2));
        assertThat(Lgamma.lgamma(7)).isEqualTo(Math.log(720));
        // glibc lgamma(459.0) and lgamma(100000.0), bit for bit
        assertThat(Lgamma.lgamma(459)).isEqualTo(2352.0886414000393);
        assertThat(Lgamma.lgamma(100000)).isEqualTo(1051287.7089736569);
        assertThat(Lgamma.lgamma(0)).isInfinite();
    }
}
