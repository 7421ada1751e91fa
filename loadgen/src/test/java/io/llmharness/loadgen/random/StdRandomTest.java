package io.llmharness.loadgen.random;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The test vectors of spec section 4.2 (verified against GCC 12's libstdc++). */
class StdRandomTest {

    static final long QSL_SEED = Long.parseUnsignedLong("2085463073848966840");
    static final long SAMPLE_SEED = Long.parseUnsignedLong("2747215439041700203");
    static final long SCHEDULE_SEED = Long.parseUnsignedLong("16159082839903944936");

    @Test
    void mt19937UsesLow32BitsOfSeed() {
        Mt19937 g = new Mt19937(QSL_SEED);
        long[] first = new long[5];
        for (int i = 0; i < 5; i++) {
            first[i] = g.nextUnsigned();
        }
        assertThat(first).containsExactly(144363858L, 3947231266L, 1102009372L, 2040961771L, 2791321498L);
        assertThat(new Mt19937(QSL_SEED & 0xFFFFFFFFL).nextUnsigned()).isEqualTo(144363858L);
    }

    @Test
    void uniformIntIsLemire() {
        Mt19937 g = new Mt19937(SAMPLE_SEED);
        long[] big = new long[10];
        for (int i = 0; i < 10; i++) {
            big[i] = StdRandom.uniformInt(g, 0, 13367);
        }
        assertThat(big).containsExactly(10688, 12747, 6742, 3821, 8783, 9277, 1566, 8700, 11879, 11521);
        Mt19937 h = new Mt19937(SAMPLE_SEED);
        long[] small = new long[10];
        for (int i = 0; i < 10; i++) {
            small[i] = StdRandom.uniformInt(h, 0, 99);
        }
        assertThat(small).containsExactly(79, 95, 50, 28, 65, 69, 11, 65, 88, 86);
    }

    @Test
    void exponentialTruncatesToNanoseconds() {
        Mt19937 g = new Mt19937(SCHEDULE_SEED);
        double first = StdRandom.exponential(g, 10);
        assertThat(first).isEqualTo(0.1843654016915528);
        assertThat(StdRandom.secondsToNanos(first)).isEqualTo(184365401L);
        long[] next = new long[4];
        for (int i = 0; i < 4; i++) {
            next[i] = StdRandom.secondsToNanos(StdRandom.exponential(g, 10));
        }
        assertThat(next).containsExactly(45792368L, 128586231L, 71299472L, 38640662L);
    }

    @Test
    void shufflePairsSwapsLikeLibstdcxx() {
        assertThat(shuffled(10)).containsExactly(1, 5, 7, 6, 0, 8, 3, 2, 9, 4);
        assertThat(shuffled(11)).containsExactly(2, 5, 1, 7, 3, 10, 9, 8, 6, 4, 0);
        int[] llama = shuffled(13368);
        assertThat(java.util.Arrays.copyOf(llama, 10))
                .containsExactly(8851, 6860, 13345, 2589, 4542, 8054, 9614, 13268, 1034, 12097);
        assertThat(llama[13367]).isEqualTo(5526);
    }

    @Test
    void shuffleAboveTwoPow16UsesOneDrawPerElement() {
        int[] v = shuffled(70000);
        assertThat(java.util.Arrays.copyOf(v, 10))
                .containsExactly(3434, 25598, 53455, 6674, 518, 64165, 64811, 21948, 42617, 15327);
        assertThat(IntStream.of(v).sorted().toArray())
                .isEqualTo(IntStream.range(0, 70000).toArray());
    }

    @Test
    void canonicalUsesTwoDraws() {
        Mt19937 zero = new Mt19937(0);
        assertThat(StdRandom.canonical(zero)).isEqualTo(0.5928446165166826);
        assertThat(StdRandom.canonical(zero)).isEqualTo(0.8442657442565983);
        assertThat(StdRandom.canonical(zero)).isEqualTo(0.8579456199898299);
        Mt19937 def = new Mt19937(Mt19937.DEFAULT_SEED);
        double[] d = {
            StdRandom.canonical(def), StdRandom.canonical(def), StdRandom.canonical(def), StdRandom.canonical(def)
        };
        assertThat(d[0]).isCloseTo(0.135477, org.assertj.core.data.Offset.offset(5e-7));
        assertThat(d[1]).isCloseTo(0.835009, org.assertj.core.data.Offset.offset(5e-7));
        assertThat(d[2]).isCloseTo(0.968868, org.assertj.core.data.Offset.offset(5e-7));
        assertThat(d[3]).isCloseTo(0.221034, org.assertj.core.data.Offset.offset(5e-7));
    }

    @Test
    void uniformIntFullRangeUsesRawDraw() {
        assertThat(StdRandom.uniformInt(new Mt19937(QSL_SEED), 0, 0xFFFFFFFFL)).isEqualTo(144363858L);
    }

    private static int[] shuffled(int n) {
        int[] v = IntStream.range(0, n).toArray();
        StdRandom.shuffle(v, new Mt19937(QSL_SEED));
        return v;
    }
}
