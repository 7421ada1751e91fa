package io.llmharness.loadgen.random;

/**
 * The standard 32-bit Mersenne Twister (MT19937), output-identical to C++ {@code std::mt19937}.
 *
 * <p>Seeding with a 64-bit value keeps only its low 32 bits, as {@code std::mt19937(uint64_t)} does. Not
 * thread-safe: each generator belongs to one thread.
 */
public final class Mt19937 {

    /** The seed {@code std::mt19937} uses when default-constructed. */
    public static final long DEFAULT_SEED = 5489L;

    private static final int N = 624;
    private static final int M = 397;
    private static final int MATRIX_A = 0x9908b0df;
    private static final int UPPER_MASK = 0x80000000;
    private static final int LOWER_MASK = 0x7fffffff;

    private final int[] state = new int[N];
    private int next;

    /** A generator seeded with {@code seed & 0xFFFFFFFF}. */
    public Mt19937(long seed) {
        state[0] = (int) seed;
        for (int i = 1; i < N; i++) {
            int prev = state[i - 1];
            state[i] = 1812433253 * (prev ^ (prev >>> 30)) + i;
        }
        next = N;
    }

    /** The next 32-bit output as an unsigned value in {@code [0, 2^32)}. */
    public long nextUnsigned() {
        return Integer.toUnsignedLong(nextInt());
    }

    /** The next 32-bit output as raw bits. */
    public int nextInt() {
        if (next >= N) {
            twist();
        }
        int y = state[next++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y;
    }

    private void twist() {
        for (int i = 0; i < N; i++) {
            int y = (state[i] & UPPER_MASK) | (state[(i + 1) % N] & LOWER_MASK);
            int v = state[(i + M) % N] ^ (y >>> 1);
            state[i] = (y & 1) == 0 ? v : v ^ MATRIX_A;
        }
        next = 0;
    }
}
