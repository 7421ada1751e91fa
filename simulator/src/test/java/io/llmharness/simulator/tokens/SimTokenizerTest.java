package io.llmharness.simulator.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.simulator.output.OutputPlan;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SimTokenizerTest {
    private final SimTokenizer tok = SimTokenizer.INSTANCE;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "Hello world",
                "Write a short story about a lighthouse keeper.",
                "  indented\n\n\tand tabs",
                "naïve café — 日本語 🚀 done",
                "{\"json\": [1, 2, 3]}",
                "UPPER lower 12345 mixed9x"
            })
    void decodeInvertsEncode(String text) {
        assertThat(tok.decode(tok.encode(text))).isEqualTo(text);
    }

    @Test
    void englishIsAboutThreeCharactersPerToken() {
        String text = "The quick brown fox jumps over the lazy dog while the lighthouse keeper writes a story.";
        double ratio = (double) text.length() / tok.count(text);
        assertThat(ratio).isBetween(2.5, 4.0);
    }

    @Test
    void generatedOutputReEncodesToTheSameIds() {
        SplittableRandom rng = new SplittableRandom(42);
        IntList ids = new IntList();
        for (int i = 0; i < 2000; i++) {
            ids.add(OutputPlan.randomToken(rng));
        }
        String text = tok.decode(ids.toArray());
        assertThat(tok.encode(text)).containsExactly(ids.toArray());
    }

    @Test
    void foreignIdsDecodeDeterministically() {
        assertThat(tok.decode(new int[] {200_000, 128_000})).isEqualTo(tok.decode(new int[] {200_000, 128_000}));
        assertThat(tok.pieceOf(200_000)).isNotEmpty();
    }

    @Test
    void specialTokensDecodeToNothing() {
        assertThat(tok.decode(new int[] {SimTokenizer.BOS, SimTokenizer.EOS, SimTokenizer.IMAGE}))
                .isEmpty();
    }

    @Test
    void detokenizerHoldsBackPartialCharacters() {
        int[] ids = tok.encode("é");
        assertThat(ids).hasSize(2);
        Detokenizer d = new Detokenizer();
        assertThat(d.append(ids[0])).isEmpty();
        assertThat(d.append(ids[1])).isEqualTo("é");
    }
}
