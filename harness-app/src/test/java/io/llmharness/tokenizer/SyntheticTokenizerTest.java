package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SyntheticTokenizerTest {

    private final SyntheticTokenizer t = SyntheticTokenizer.INSTANCE;

    @Test
    void followsTheDocumentedVocabulary() {
        // 16 special ids, 256 byte ids (16 + byte), then " a" … " zzz", so " a" is 272 and " b" 273.
        assertThat(t.encode(" a b")).containsExactly(272, 273);
        assertThat(t.encode("!")).containsExactly(16 + '!');
        assertThat(t.encode("é")).containsExactly(16 + 0xC3, 16 + 0xA9);
        assertThat(t.count("")).isZero();
        assertThat(t.countWithSpecialTokens("")).as("the simulator's BOS").isEqualTo(1);
        assertThat(t.source()).contains("synthetic");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 42, 2026})
    void isDeterministicAndLossless(long seed) {
        String text = randomText(new SplittableRandom(seed), 2_000);
        int[] first = t.encode(text);
        assertThat(t.encode(text)).isEqualTo(first);
        assertThat(t.encode(new String(text))).isEqualTo(first);
        assertThat(t.decode(first)).isEqualTo(text);
        assertThat(t.count(text)).isEqualTo(first.length);
        assertThat(t.countWithSpecialTokens(text)).isEqualTo(first.length + 1);
    }

    @Test
    void englishComesOutAtRoughlyThreeCharactersPerToken() {
        String text = "The quick brown fox jumps over the lazy dog and keeps running through the forest. ".repeat(50);
        double charsPerToken = (double) text.length() / t.count(text);
        assertThat(charsPerToken).isBetween(2.0, 4.0);
    }

    static String randomText(SplittableRandom random, int length) {
        String alphabet = "abcdefghijklmnopqrstuvwxyz ABCXYZ 0123456789 .,;!?\n\t äöüß 世界 🚀";
        StringBuilder sb = new StringBuilder();
        while (sb.length() < length) {
            int cp = alphabet.codePointAt(
                    alphabet.offsetByCodePoints(0, random.nextInt(alphabet.codePointCount(0, alphabet.length()))));
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }
}
