package io.llmharness.accuracy.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PyNumbersTest {

    @Test
    void reprFollowsPython() {
        assertThat(PyNumbers.repr(44.4312)).isEqualTo("44.4312");
        assertThat(PyNumbers.repr(100.0)).isEqualTo("100.0");
        assertThat(PyNumbers.repr(0.1)).isEqualTo("0.1");
        assertThat(PyNumbers.repr(8167644.0)).isEqualTo("8167644.0");
        assertThat(PyNumbers.repr(1e-4)).isEqualTo("0.0001");
        assertThat(PyNumbers.repr(1e-5)).isEqualTo("1e-05");
        assertThat(PyNumbers.repr(1.5e16)).isEqualTo("1.5e+16");
        assertThat(PyNumbers.repr(1e15)).isEqualTo("1000000000000000.0");
        assertThat(PyNumbers.repr(-2.5)).isEqualTo("-2.5");
        assertThat(PyNumbers.repr(Double.NaN)).isEqualTo("nan");
        assertThat(PyNumbers.repr(0.6529411764705882)).isEqualTo("0.6529411764705882");
    }

    @Test
    void plainNeverUsesAnExponent() {
        assertThat(PyNumbers.plain(1e-5)).isEqualTo("0.00001");
        assertThat(PyNumbers.plain(38.7792 * 0.99)).isEqualTo(PyNumbers.repr(38.7792 * 0.99));
    }

    @Test
    void numpyAndPythonRoundingDiffer() {
        // 2.675 is 2.67499999999999982236431605997495353221893310546875 in binary: Python rounds down,
        // numpy's rint(267.49999999999997) / 100 also gives 2.67; 0.285 * 100 = 28.499999999999996 in binary
        assertThat(PyNumbers.pythonRound(2.675, 2)).isEqualTo(2.67);
        assertThat(PyNumbers.pythonRound(0.125, 2)).isEqualTo(0.12);
        assertThat(PyNumbers.pythonRound(294.45, 1)).isEqualTo(294.4);
        assertThat(PyNumbers.numpyRound(1.0005, 3)).isEqualTo(Math.rint(1.0005 * 1000) / 1000);
        // a case where the two disagree: 1.0000000000000005e-1 * 10 is exactly representable near a tie
        double x = 0.30000000000000004 * 100; // 30.000000000000004
        assertThat(PyNumbers.numpyRound(x, 4)).isEqualTo(30.0);
        assertThat(PyNumbers.numpyRound(65.29411764705882, 4)).isEqualTo(65.2941);
    }

    @Test
    void fixedRoundsTheExactBinaryValueHalfEven() {
        assertThat(PyNumbers.fixed(83.1305, 3)).isEqualTo("83.130"); // 83.1304999... in binary
        assertThat(PyNumbers.fixed(0.5, 0)).isEqualTo("0");
        assertThat(PyNumbers.fixed(82.3, 3)).isEqualTo("82.300");
    }

    @Test
    void pairwiseSumMatchesNumpysBlocking() {
        double[] small = {0.1, 0.2, 0.3};
        assertThat(PyNumbers.pairwiseSumOf(small)).isEqualTo(0.1 + 0.2 + 0.3);
        double[] v = new double[20];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.1 * (i + 1);
        }
        // eight running sums over 16 values, combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the rest
        double[] r = new double[8];
        for (int j = 0; j < 8; j++) {
            r[j] = v[j] + v[j + 8];
        }
        double expected = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (int i = 16; i < 20; i++) {
            expected += v[i];
        }
        assertThat(PyNumbers.pairwiseSumOf(v)).isEqualTo(expected);
        assertThat(PyNumbers.numpyMean(new double[] {0.7058823529411765, 0.6})).isEqualTo(0.6529411764705882);
        double[] big = new double[1000];
        java.util.Arrays.fill(big, 0.1);
        assertThat(PyNumbers.pairwiseSumOf(big)).isCloseTo(100.0, org.assertj.core.data.Offset.offset(1e-9));
    }
}
