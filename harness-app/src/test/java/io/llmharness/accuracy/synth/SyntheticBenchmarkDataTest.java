package io.llmharness.accuracy.synth;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.accuracy.text.PyNumbers;
import io.llmharness.dataset.Dataset;
import io.llmharness.simulator.output.Answers;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Full-size synthetic datasets reproduce the reference gen_len and tokens per sample exactly. */
class SyntheticBenchmarkDataTest {

    @TempDir
    Path dir;

    @Test
    void fullSizeLlama31HasTheReferenceGenLen() {
        SyntheticBenchmarkData.Written w = SyntheticBenchmarkData.write("llama3.1-8b", 0, dir.resolve("cnn.json"), 1);
        assertThat(w.rows()).isEqualTo(13368);
        assertThat(w.outputChars()).isEqualTo(8167644);
        Dataset d = Dataset.load(w.file());
        assertThat(d.size()).isEqualTo(13368);
        Set<String> prompts = new HashSet<>();
        for (int i = 0; i < d.size(); i++) {
            prompts.add(java.util.Arrays.toString(d.inputIds(i)));
        }
        assertThat(prompts).hasSize(13368);
        assertThat(d.statistics().toMap().toString()).contains("mean");
    }

    @Test
    void fullSizeLlama2HasTheReferenceTokensPerSample() {
        SyntheticBenchmarkData.Written w = SyntheticBenchmarkData.write("llama2-70b", 0, dir.resolve("orca.json"), 3);
        assertThat(w.rows()).isEqualTo(24576);
        assertThat(w.outputTokens()).isEqualTo(Math.round(294.45 * 24576));
        assertThat(PyNumbers.pythonRound(w.outputTokens() / (double) w.rows(), 1))
                .isBetween(294.4, 294.5);
    }

    @Test
    void answersAreTheReferenceOutputsInTheSimulatorsVocabulary() {
        SyntheticBenchmarkData.Written w =
                SyntheticBenchmarkData.write("llama3.1-405b", 12, dir.resolve("l405.json"), 5);
        Dataset d = Dataset.load(w.file());
        Answers a = ReferenceAnswers.load(w.file(), null, "--answers");
        assertThat(a.size()).isEqualTo(12);
        for (int i = 0; i < d.size(); i++) {
            String ref = d.column("gt_output").text(i);
            assertThat(SimTokenizer.INSTANCE.decode(a.find(d.inputIds(i)))).isEqualTo(ref);
        }
        assertThat(d.column("metric").text(2)).isEqualTo("niah_em");
        assertThat(a.find(new int[] {1, 2, 3})).isNull();
    }

    @Test
    void textsHaveExactLengthsAndSingleSpaces() {
        SplittableRandom rng = new SplittableRandom(9);
        for (int n = 4; n < 400; n += 7) {
            String t = SynthText.ofChars(n, rng);
            assertThat(t).hasSize(n).doesNotContain("  ").endsWith(".");
            String u = SynthText.ofTokens(n, rng);
            assertThat(SimTokenizer.INSTANCE.count(u)).isEqualTo(n);
        }
    }
}
