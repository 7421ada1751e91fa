package io.llmharness.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KvCacheTest {
    private final Recorder rec = new Recorder();

    private Sequence seq(int[] prompt) {
        return rec.sequence(0, prompt, 4, 0);
    }

    private static int[] prompt(int length, int offset) {
        int[] p = new int[length];
        for (int i = 0; i < length; i++) {
            p[i] = offset + i;
        }
        return p;
    }

    @Test
    void sharedPrefixBlocksAreHitsAndStayCachedAfterRelease() {
        KvCache kv = new KvCache(16 * 100, 16, true, 64);
        Sequence a = seq(prompt(64, 1000));
        assertThat(kv.admit(a)).isZero();
        assertThat(kv.usedBlocks()).isEqualTo(5); // 64 prompt tokens + 1 = 5 blocks
        Sequence b = seq(prompt(64, 1000));
        assertThat(kv.admit(b)).isEqualTo(48); // 3 full blocks; the last prompt token is always recomputed
        assertThat(kv.usedBlocks()).isEqualTo(5 + 2);
        kv.release(a);
        kv.release(b);
        assertThat(kv.usedBlocks()).isZero();
        Sequence c = seq(prompt(64, 1000));
        assertThat(kv.admit(c)).isEqualTo(48);
        kv.release(c);
        kv.clearIdle();
        assertThat(kv.admit(seq(prompt(64, 1000)))).isZero();
    }

    @Test
    void admissionFailsWithoutChangesWhenFull() {
        KvCache kv = new KvCache(16 * 10, 16, false, 16);
        Sequence big = seq(prompt(150, 0));
        assertThat(kv.admit(big)).isZero();
        assertThat(kv.usedBlocks()).isEqualTo(10);
        assertThat(kv.admit(seq(prompt(20, 0)))).isEqualTo(-1);
        assertThat(kv.usedBlocks()).isEqualTo(10);
        assertThat(kv.grow(big, 161)).isFalse();
        kv.release(big);
        assertThat(kv.usage()).isZero();
    }

    @Test
    void idleCachedBlocksAreEvictedWhenSpaceIsNeeded() {
        KvCache kv = new KvCache(16 * 8, 16, true, 16);
        Sequence a = seq(prompt(64, 1));
        kv.admit(a);
        kv.release(a);
        Sequence big = seq(prompt(100, 5000));
        assertThat(kv.admit(big)).isZero();
        assertThat(kv.usedBlocks()).isEqualTo(7);
    }
}
