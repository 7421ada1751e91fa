package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SplitPointTest {

    @Test
    void cutsBeforeASpaceThatFollowsAWord() {
        String text = "alpha beta gamma delta";
        int cut = SplitPoint.of(text);
        assertThat(text.charAt(cut)).isEqualTo(' ');
        assertThat(text.charAt(cut - 1)).isNotEqualTo(' ');
        assertThat(cut).isBetween(5, 16);
    }

    @Test
    void neverCutsASurrogatePair() {
        String text = "🚀🚀🚀🚀";
        int cut = SplitPoint.of(text);
        assertThat(cut).isPositive().isLessThan(text.length());
        assertThat(Character.isLowSurrogate(text.charAt(cut))).isFalse();
    }

    @Test
    void tooShortToSplit() {
        assertThat(SplitPoint.of("")).isZero();
        assertThat(SplitPoint.of("a")).isZero();
        assertThat(SplitPoint.of("🚀")).isZero();
    }
}
