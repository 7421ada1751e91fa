package io.llmharness.client.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BytesTest {

    private static final byte[] ALPHABET = {
        'a',
        'Z',
        ' ',
        '"',
        '\\',
        '\n',
        '\r',
        0x01,
        0x1f,
        0x20,
        0x7f,
        (byte) 0x80,
        (byte) 0xc3,
        (byte) 0xa9,
        (byte) 0xff,
        '0'
    };

    @Test
    void findsWhatAByteByByteScanFinds() {
        SplittableRandom r = new SplittableRandom(7);
        for (int round = 0; round < 20_000; round++) {
            byte[] b = new byte[r.nextInt(0, 40)];
            for (int i = 0; i < b.length; i++) {
                // mostly plain letters, so matches land at every offset of a word
                b[i] = r.nextInt(4) == 0 ? ALPHABET[r.nextInt(ALPHABET.length)] : (byte) 'x';
            }
            int from = b.length == 0 ? 0 : r.nextInt(0, b.length + 1);
            int to = from == b.length ? from : r.nextInt(from, b.length + 1);
            assertThat(Bytes.indexOfLineEnd(b, from, to)).isEqualTo(naiveLineEnd(b, from, to));
            assertThat(Bytes.indexOfStringSpecial(b, from, to)).isEqualTo(naiveSpecial(b, from, to));
        }
    }

    private static int naiveLineEnd(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    private static int naiveSpecial(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '"' || b[i] == '\\' || (b[i] >= 0 && b[i] < 0x20)) {
                return i;
            }
        }
        return -1;
    }
}
