package io.llmharness.accuracy.synth;

import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.SplittableRandom;

/**
 * Sentences of made-up words with an exact length: in characters, or in the simulator's tokens. Words are three
 * lowercase letters after a space (one simulator token each), a sentence starts with a capital and ends with a
 * period (one token), sentences are separated by one space — so the MLPerf post-processing (strip, one sentence per
 * line) keeps the character count, wherever a sentence splitter cuts.
 */
final class SynthText {

    private SynthText() {}

    /** A text of exactly {@code chars} characters (at least 4), ending with a period. */
    static String ofChars(int chars, SplittableRandom rng) {
        int n = Math.max(4, chars);
        StringBuilder sb = new StringBuilder(n + 8);
        sentenceStart(sb, rng);
        while (sb.length() < n) {
            if (rng.nextInt(10) == 0) {
                sb.append(". ");
                sentenceStart(sb, rng);
            } else {
                sb.append(' ');
                letters(sb, rng, 3);
            }
        }
        sb.setLength(n - 1);
        char last = sb.charAt(n - 2);
        if (last == ' ' || last == '.') {
            sb.setCharAt(n - 2, letter(rng));
        }
        return sb.append('.').toString();
    }

    /** A text whose simulator encoding has exactly {@code tokens} ids (at least 2). */
    static String ofTokens(int tokens, SplittableRandom rng) {
        StringBuilder sb = new StringBuilder(tokens * 4);
        sentenceStart(sb, rng);
        int count = 1;
        while (count < tokens - 1) {
            if (rng.nextInt(12) == 0 && count < tokens - 3) {
                sb.append('.');
                sb.append(' ').append((char) ('A' + rng.nextInt(26)));
                letters(sb, rng, 2);
                count += 2;
            } else {
                sb.append(' ');
                letters(sb, rng, 3);
                count++;
            }
        }
        sb.append('.');
        String text = sb.toString();
        if (SimTokenizer.INSTANCE.count(text) != Math.max(2, tokens)) {
            throw new IllegalStateException(
                    "synthetic text has " + SimTokenizer.INSTANCE.count(text) + " tokens, wanted " + tokens);
        }
        return text;
    }

    private static void sentenceStart(StringBuilder sb, SplittableRandom rng) {
        sb.append((char) ('A' + rng.nextInt(26)));
        letters(sb, rng, 2);
    }

    private static void letters(StringBuilder sb, SplittableRandom rng, int n) {
        for (int i = 0; i < n; i++) {
            sb.append(letter(rng));
        }
    }

    private static char letter(SplittableRandom rng) {
        return (char) ('a' + rng.nextInt(26));
    }
}
