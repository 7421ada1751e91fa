package io.llmharness.loadgen.random;

/**
 * The libstdc++ (GCC 11 and later) random distributions LoadGen relies on, bit for bit: Lemire's
 * {@code uniform_int_distribution}, the paired-swap {@code std::shuffle}, two-draw
 * {@code generate_canonical<double, 53>} and {@code exponential_distribution}. Together with {@link Mt19937}
 * they reproduce the C++ LoadGen's sample order and Poisson schedule on Linux.
 */
public final class StdRandom {

    private static final double TWO_POW_32 = 4294967296.0;
    private static final double TWO_POW_64 = TWO_POW_32 * TWO_POW_32;
    private static final double LARGEST_BELOW_ONE = Math.nextDown(1.0);

    private StdRandom() {}

    /**
     * {@code std::uniform_int_distribution<>(a, b)(g)} for a range {@code b - a + 1 <= 2^32}.
     *
     * @return a value in {@code [a, b]}
     */
    public static long uniformInt(Mt19937 g, long a, long b) {
        long range = b - a + 1;
        if (range <= 0 || range > (1L << 32)) {
            throw new IllegalArgumentException("range must be 1..2^32, was [" + a + ", " + b + "]");
        }
        if (range == (1L << 32)) {
            return a + g.nextUnsigned();
        }
        return a + lemire(g, range);
    }

    private static long lemire(Mt19937 g, long range) {
        long product = g.nextUnsigned() * range; // < 2^64: unsigned arithmetic below
        long low = product & 0xFFFFFFFFL;
        if (low < range) {
            long threshold = ((1L << 32) - range) % range;
            while (low < threshold) {
                product = g.nextUnsigned() * range;
                low = product & 0xFFFFFFFFL;
            }
        }
        return product >>> 32;
    }

    /** {@code std::shuffle(v.begin(), v.end(), g)} on an int array. */
    public static void shuffle(int[] v, Mt19937 g) {
        shuffle(v, 0, v.length, g);
    }

    /** {@code std::shuffle(v + from, v + to, g)} on an int array. */
    public static void shuffle(int[] v, int from, int to, Mt19937 g) {
        int n = to - from;
        if (n <= 1) {
            return;
        }
        if (0xFFFFFFFFL / n >= n) {
            int i = 1;
            if (n % 2 == 0) {
                swap(v, from + 1, from + (int) uniformInt(g, 0, 1));
                i = 2;
            }
            while (i < n) {
                long s = i + 1L;
                long x = uniformInt(g, 0, s * (s + 1) - 1);
                swap(v, from + i, from + (int) (x / (s + 1)));
                swap(v, from + i + 1, from + (int) (x % (s + 1)));
                i += 2;
            }
            return;
        }
        for (int i = 1; i < n; i++) {
            swap(v, from + i, from + (int) uniformInt(g, 0, i));
        }
    }

    private static void swap(int[] v, int i, int j) {
        int t = v[i];
        v[i] = v[j];
        v[j] = t;
    }

    /** {@code std::generate_canonical<double, 53>(g)}: two draws, a value in {@code [0, 1)}. */
    public static double canonical(Mt19937 g) {
        double low = g.nextUnsigned();
        double high = g.nextUnsigned();
        double u = (low + high * TWO_POW_32) / TWO_POW_64;
        return u >= 1.0 ? LARGEST_BELOW_ONE : u;
    }

    /** {@code std::exponential_distribution<>(lambda)(g)}: {@code -ln(1 - u) / lambda}. */
    public static double exponential(Mt19937 g, double lambda) {
        return -StrictMath.log(1.0 - canonical(g)) / lambda;
    }

    /** {@code std::chrono::duration_cast<nanoseconds>(duration<double>(seconds))}: truncates toward zero. */
    public static long secondsToNanos(double seconds) {
        return (long) (seconds * 1e9);
    }
}
