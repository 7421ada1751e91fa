package io.llmharness.loadgen.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Expected strings were produced by glibc 2.36 printf with %g, %.2f, %.1f, %.4f and %f. */
class CFormatTest {

    static Stream<Arguments> glibc() {
        return Stream.of(
                Arguments.of(0.99, "0.99", "0.99", "1.0", "0.9900", "0.990000"),
                Arguments.of(109.5234, "109.523", "109.52", "109.5", "109.5234", "109.523400"),
                Arguments.of(2e7, "2e+07", "20000000.00", "20000000.0", "20000000.0000", "20000000.000000"),
                Arguments.of(6.4217e-07, "6.4217e-07", "0.00", "0.0", "0.0000", "0.000001"),
                Arguments.of(0.2380952380952381, "0.238095", "0.24", "0.2", "0.2381", "0.238095"),
                Arguments.of(0.125, "0.125", "0.12", "0.1", "0.1250", "0.125000"),
                Arguments.of(0.375, "0.375", "0.38", "0.4", "0.3750", "0.375000"),
                Arguments.of(1.005, "1.005", "1.00", "1.0", "1.0050", "1.005000"),
                Arguments.of(2.5, "2.5", "2.50", "2.5", "2.5000", "2.500000"),
                Arguments.of(0.5, "0.5", "0.50", "0.5", "0.5000", "0.500000"),
                Arguments.of(100000, "100000", "100000.00", "100000.0", "100000.0000", "100000.000000"),
                Arguments.of(999999.5, "1e+06", "999999.50", "999999.5", "999999.5000", "999999.500000"),
                Arguments.of(1e-5, "1e-05", "0.00", "0.0", "0.0000", "0.000010"),
                Arguments.of(0.0001, "0.0001", "0.00", "0.0", "0.0001", "0.000100"),
                Arguments.of(
                        123456789.0,
                        "1.23457e+08",
                        "123456789.00",
                        "123456789.0",
                        "123456789.0000",
                        "123456789.000000"),
                Arguments.of(1.0 / 3, "0.333333", "0.33", "0.3", "0.3333", "0.333333"),
                Arguments.of(98.3631234, "98.3631", "98.36", "98.4", "98.3631", "98.363123"),
                Arguments.of(-0.001, "-0.001", "-0.00", "-0.0", "-0.0010", "-0.001000"),
                Arguments.of(0.0, "0", "0.00", "0.0", "0.0000", "0.000000"),
                Arguments.of(-0.0, "-0", "-0.00", "-0.0", "-0.0000", "-0.000000"),
                Arguments.of(1e100, "1e+100", null, null, null, null),
                Arguments.of(Double.MIN_VALUE, "4.94066e-324", "0.00", "0.0", "0.0000", "0.000000"),
                Arguments.of(0.000123456789, "0.000123457", "0.00", "0.0", "0.0001", "0.000123"),
                Arguments.of(12345.6789, "12345.7", "12345.68", "12345.7", "12345.6789", "12345.678900"),
                Arguments.of(0.1 + 0.2, "0.3", "0.30", "0.3", "0.3000", "0.300000"),
                Arguments.of(
                        1e15,
                        "1e+15",
                        "1000000000000000.00",
                        "1000000000000000.0",
                        "1000000000000000.0000",
                        "1000000000000000.000000"),
                Arguments.of(99.9, "99.9", "99.90", "99.9", "99.9000", "99.900000"),
                Arguments.of(2.675, "2.675", "2.67", "2.7", "2.6750", "2.675000"));
    }

    @ParameterizedTest
    @MethodSource("glibc")
    void matchesGlibc(double v, String g, String f2, String f1, String f4, String f6) {
        assertThat(CFormat.g(v)).isEqualTo(g);
        if (f2 != null) {
            assertThat(CFormat.f(v, 2)).isEqualTo(f2);
            assertThat(CFormat.f(v, 1)).isEqualTo(f1);
            assertThat(CFormat.f(v, 4)).isEqualTo(f4);
            assertThat(CFormat.f(v, 6)).isEqualTo(f6);
        }
    }

    @Test
    void specialValues() {
        assertThat(CFormat.g(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        assertThat(CFormat.g(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
        assertThat(CFormat.f(Double.POSITIVE_INFINITY, 2)).isEqualTo("inf");
        assertThat(CFormat.g(Double.NaN)).isEqualTo("nan");
        assertThat(CFormat.unsigned(-1L)).isEqualTo("18446744073709551615");
        assertThat(CFormat.unsigned(Long.parseUnsignedLong("16159082839903944936")))
                .isEqualTo("16159082839903944936");
    }

    @Test
    void halfEvenOnTheExactBinaryValue() {
        // 0.125 is exact: a tie, rounded to even; 2.675 is really 2.67499999..., so it rounds down.
        assertThat(CFormat.f(0.125, 2)).isEqualTo("0.12");
        assertThat(CFormat.f(2.675, 2)).isEqualTo("2.67");
        assertThat(CFormat.f(0.375, 2)).isEqualTo("0.38");
    }
}
