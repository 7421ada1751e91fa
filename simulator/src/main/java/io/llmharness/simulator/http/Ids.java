package io.llmharness.simulator.http;

import java.util.concurrent.ThreadLocalRandom;

/** Random request ids: 32 lowercase hex digits, like Python's {@code uuid4().hex}. */
final class Ids {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Ids() {}

    static String hex32() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        char[] out = new char[32];
        long a = r.nextLong();
        long b = r.nextLong();
        for (int i = 0; i < 16; i++) {
            out[i] = HEX[(int) (a >>> (60 - 4 * i)) & 0xF];
            out[16 + i] = HEX[(int) (b >>> (60 - 4 * i)) & 0xF];
        }
        return new String(out);
    }
}
