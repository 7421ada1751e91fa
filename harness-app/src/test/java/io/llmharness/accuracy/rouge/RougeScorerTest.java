package io.llmharness.accuracy.rouge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * rouge_score's published test cases (rouge_scorer_test.py and its test data, values from ROUGE-1.5.5) and
 * hand-computed cases with stemming on.
 */
class RougeScorerTest {

    private final RougeScorer plain = new RougeScorer(false);
    private final RougeScorer stemmed = new RougeScorer(true);

    static final String T0 = "ZfbCUIUuePaiLVUlCaUXxkpu XPeWing tUHfPMuZ',-Xd Y BrUgVJing M-HV.-DgdDaY.rFDJCRing"
            + " Ht-LM EKBDXkME,yz'RBr q'wtion wIojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxer tKM L\n";
    static final String P0 = "rFDJCRtion Ht-LM EKtDXkME,yz'RBr q'wer wrojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxi\n";
    static final String T1 = "KsJdPByEtAor fE-Qg Dpdbring cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMtion psing"
            + " sbKao Q m qiing LMmer HqqLFXe,XPY,J XsurkMer ,ed nB'wH'bWVHjWFEing tQ.saefZwJtKrTlixYpMMsJing"
            + " UCAPwNHeYVjDing c T BUySKtion gMPfJpwGw p'NvxAoping eu pBwMBKV'I DNxqelhu,PHPxDEq,mtion SN\n";
    static final String P1 = "n cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMer pstion sbKao Q m qier LMmed"
            + " HqqLFXe,XPY,J XsurkMeo ,ed nB'wH'bWVHjWFEer tQ.saefZwJtKrTlixYpMMNJtion UCAPwNHeYVjD\n";

    @Test
    void publishedRougeN() {
        assertScore(plain.rougeN("testing one two", "testing", 1), 1, 1 / 3.0, 0.5);
        assertScore(plain.rougeN("testing one two", "testing one", 2), 1, 0.5, 2 / 3.0);
        assertScore(plain.rougeN("testing one two", "", 1), 0, 0, 0);
        assertScore(plain.rougeN("testing one two", "", 2), 0, 0, 0);
    }

    @Test
    void publishedRougeL() {
        assertScore(plain.rougeL("testing one two", "testing one"), 1, 2 / 3.0, 0.8);
        assertScore(plain.rougeL("testing one two", "testing two"), 1, 2 / 3.0, 0.8);
        assertScore(plain.rougeL("testing one two", ""), 0, 0, 0);
    }

    @Test
    void publishedRougeLsum() {
        assertScore(plain.rougeLsum("w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5"), 0.4, 0.8, 0.5333333);
        assertScore(plain.rougeLsum("w1 w2 w3 w4 w5", ""), 0, 0, 0);
        assertScore(plain.rougeLsum("", "w1"), 0, 0, 0);
        assertScore(plain.rougeLsum("w1 w2 w3 w4 w5", "/"), 0, 0, 0);
    }

    @Test
    void publishedLcsBacktrack() {
        List<String> ref = List.of("1", "2", "3", "4", "5");
        assertThat(RougeScorer.lcsIndices(ref, List.of("2", "5", "3", "4"))).containsExactly(1, 2, 3);
        assertThat(RougeScorer.lcsIndices(ref, List.of("8", "9"))).isEmpty();
    }

    @Test
    void publishedTestData() {
        // (recall, precision, f) to 5 decimals as ROUGE-1.5.5 prints them
        assertRpf(plain.rougeN(T0, P0, 1), 0.40741, 0.68750, 0.51163);
        assertRpf(stemmed.rougeN(T0, P0, 1), 0.40741, 0.68750, 0.51163);
        assertRpf(plain.rougeN(T1, P1, 1), 0.40476, 0.65385, 0.50000);
        assertRpf(stemmed.rougeN(T1, P1, 1), 0.42857, 0.69231, 0.52941);
        assertRpf(plain.rougeN(T0, P0, 2), 0.30769, 0.53333, 0.39024);
        assertRpf(stemmed.rougeN(T1, P1, 2), 0.29268, 0.48000, 0.36364);
        assertRpf(plain.rougeL(T0, P0), 0.40741, 0.68750, 0.51163);
        assertRpf(plain.rougeL(T1, P1), 0.40476, 0.65385, 0.50000);
    }

    @Test
    void publishedMultiLineLsum() {
        String target = T0 + T1
                + "NhETebUbBk'er WOvoHMTjSRizKgH'vHiing Xu,hWxfs VkNE QhgKiLHE -HidivzoM.dO anhtion"
                + " jbLQiSGDTCsuhREebUaKM dv J dVN tmbOT\n"
                + "vMR HDm,xOAetion D,tion HJtodT.mHl UIv-p VjWH'BdyWjnfGU-OjT aEMdFICyLWfQMtion wEMfdOKing"
                + " AwkeKbO 'DxqNOHBH qKtVvm OYJl mM\n";
        String prediction = P0 + P1
                + "xfs VkJE QhgKiLHE -HidivzoM.dO anhing jbLQiSGDTCsuhREebUaKM dv J\n"
                + "VjWH'BdyWjnfGU-OjTNaEMdFICyLWfQMing wEMfdOKijg AwkeKbO 'DxqNO\n";
        assertRpf(stemmed.rougeLsum(target, prediction), 0.36538, 0.66667, 0.47205);
    }

    @Test
    void publishedTokenizerCases() {
        assertThat(plain.tokenizer().tokenize("one Two three")).containsExactly("one", "two", "three");
        assertThat(plain.tokenizer().tokenize("one\n Two \nthree")).containsExactly("one", "two", "three");
        assertThat(stemmed.tokenizer().tokenize("the friends had a meeting"))
                .containsExactly("the", "friend", "had", "a", "meet");
        assertThat(plain.tokenizer().tokenize("Ünïcödé café naïve İstanbul"))
                .containsExactly("n", "c", "d", "caf", "na", "ve", "i", "stanbul");
    }

    @Test
    void handComputedWithStemming() {
        String t1 = "The quick brown fox jumps over the lazy dog.";
        String p1 = "The quick brown dog jumped on the log.";
        assertExact(stemmed.rougeN(t1, p1, 1), 0.75, 0.6666666666666666, 0.7058823529411765);
        assertExact(stemmed.rougeN(t1, p1, 2), 0.2857142857142857, 0.25, 0.26666666666666666);
        assertExact(stemmed.rougeL(t1, p1), 0.625, 0.5555555555555556, 0.5882352941176471);
        assertExact(stemmed.rougeLsum(t1, p1), 0.625, 0.5555555555555556, 0.5882352941176471);

        String t2 = "The cat sat on the mat.\nIt was happy.";
        String p2 = "A cat was sitting on a mat.\nThe cat was happy.";
        assertExact(stemmed.rougeN(t2, p2, 1), 0.5454545454545454, 0.6666666666666666, 0.6);
        assertExact(stemmed.rougeN(t2, p2, 2), 0.2, 0.25, 0.22222222222222224);
        assertExact(stemmed.rougeL(t2, p2), 0.45454545454545453, 0.5555555555555556, 0.5);
        assertExact(stemmed.rougeLsum(t2, p2), 0.5454545454545454, 0.6666666666666666, 0.6);

        String t3 = "U.S. officials said 3,000 people were running.";
        String p3 = "US officials say 3000 people ran.";
        assertExact(stemmed.rougeN(t3, p3, 1), 0.3333333333333333, 0.2222222222222222, 0.26666666666666666);
        assertExact(stemmed.rougeN(t3, p3, 2), 0, 0, 0);

        String t4 = "Police arrested two men.\nThe men were released later.";
        String p4 = "Two men were arrested by police.\nLater, the men were released.";
        assertExact(stemmed.rougeN(t4, p4, 1), 0.8181818181818182, 1.0, 0.9);
        assertExact(stemmed.rougeN(t4, p4, 2), 0.4, 0.5, 0.4444444444444445);
        assertExact(stemmed.rougeL(t4, p4), 0.5454545454545454, 0.6666666666666666, 0.6);
        assertExact(stemmed.rougeLsum(t4, p4), 0.5454545454545454, 0.6666666666666666, 0.6);
    }

    private static void assertScore(RougeScore s, double p, double r, double f) {
        assertThat(s.precision()).isCloseTo(p, within(1e-6));
        assertThat(s.recall()).isCloseTo(r, within(1e-6));
        assertThat(s.fmeasure()).isCloseTo(f, within(1e-6));
    }

    private static void assertRpf(RougeScore s, double r, double p, double f) {
        assertThat(s.recall()).isCloseTo(r, within(5e-6));
        assertThat(s.precision()).isCloseTo(p, within(5e-6));
        assertThat(s.fmeasure()).isCloseTo(f, within(5e-6));
    }

    private static void assertExact(RougeScore s, double p, double r, double f) {
        assertThat(s.precision()).isEqualTo(p);
        assertThat(s.recall()).isEqualTo(r);
        assertThat(s.fmeasure()).isEqualTo(f);
    }
}
