package io.llmharness.accuracy.answer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Answer extraction of the exact-match evaluators on hand-made responses. */
class AnswerTest {

    @Test
    void gsm8kTakesTheNumberAfterTheLastMarkerElseTheLastNumber() {
        assertThat(Gsm8kAnswer.extract("She has 3 apples and 4 pears. The answer is 7."))
                .isEqualTo("7");
        assertThat(Gsm8kAnswer.extract("The answer is 5. Wait, recount: The answer is 1,234 dollars"))
                .isEqualTo("1234");
        assertThat(Gsm8kAnswer.extract("So 12 + 30 = 42")).isEqualTo("42");
        assertThat(Gsm8kAnswer.extract("Total 18.\nQ: next question 99")).isEqualTo("18");
        assertThat(Gsm8kAnswer.extract("no number at all")).isEmpty();
        assertThat(Gsm8kAnswer.extract("It is -3.5 degrees")).isEqualTo("-3.5");
        assertThat(Gsm8kAnswer.correct("The answer is 72", "72")).isTrue();
        assertThat(Gsm8kAnswer.correct("The answer is 72.0", "72")).isTrue();
        assertThat(Gsm8kAnswer.correct("The answer is 71", "72")).isFalse();
        assertThat(Gsm8kAnswer.correct("nothing", "72")).isFalse();
    }

    @Test
    void pythonFloatSyntax() {
        assertThat(PyFloat.parse(" 1_000.5 ")).isEqualTo(1000.5);
        assertThat(PyFloat.parse("1e3")).isEqualTo(1000.0);
        assertThat(PyFloat.parse(".5")).isEqualTo(0.5);
        assertThat(PyFloat.parse("5.")).isEqualTo(5.0);
        assertThat(PyFloat.parse("inf")).isInfinite();
        assertThat(PyFloat.parse("1d")).isNull(); // Java would accept it
        assertThat(PyFloat.parse("0x10")).isNull();
        assertThat(PyFloat.parse("")).isNull();
        assertThat(PyFloat.parse("1__0")).isNull();
    }

    @Test
    void aimeBoxedThenAnswerLine() {
        assertThat(AimeAnswer.extract("so \\boxed{ 204 } is it")).isEqualTo(204);
        assertThat(AimeAnswer.extract("\\boxed{12} then \\boxed{33}")).isEqualTo(33);
        assertThat(AimeAnswer.extract("Final Answer: 77")).isEqualTo(77);
        assertThat(AimeAnswer.extract("answer: 1000")).isNull();
        assertThat(AimeAnswer.extract("nothing")).isNull();
        assertThat(AimeAnswer.correct("\\boxed{070}", "70")).isTrue();
    }

    @Test
    void multipleChoiceLikeDeepSeek() {
        assertThat(ChoiceAnswer.deepseek("I think... ANSWER: C", false)).isEqualTo("C");
        assertThat(ChoiceAnswer.deepseek("Answer: (b) because", false)).isEqualTo("B");
        assertThat(ChoiceAnswer.deepseek("answer: A ... FINAL ANSWER: D", false))
                .isEqualTo("D");
        assertThat(ChoiceAnswer.deepseek("ANSWER: E", false)).isNull();
        assertThat(ChoiceAnswer.deepseek("the best option is H, clearly", true)).isEqualTo("H");
        assertThat(ChoiceAnswer.deepseek("['ANSWER: B']", false)).isEqualTo("B");
        assertThat(ChoiceAnswer.correct("B", "b", false)).isTrue();
        assertThat(ChoiceAnswer.correct("E", "E", false)).isFalse();
    }

    @Test
    void multipleChoiceLikeGptOss() {
        assertThat(ChoiceAnswer.gptOss("**C**", "", false)).isEqualTo("C");
        assertThat(ChoiceAnswer.gptOss("The reasoning... Answer: B", "", false)).isEqualTo("B");
        assertThat(ChoiceAnswer.gptOss("1234", "blah ANSWER: D", false)).isEqualTo("D");
    }

    @Test
    void harmonyFinalChannel() {
        String text =
                "<|channel|>analysis<|message|>think<|end|><|start|>assistant<|channel|>final<|message|> B <|return|>";
        assertThat(HarmonyFinal.of(text)).isEqualTo("B");
        assertThat(HarmonyFinal.of("<|channel|>final<|message|>open ended")).isEqualTo("open ended");
        assertThat(HarmonyFinal.of("no channels")).isNull();
    }

    @Test
    void math500BoxedAndGrading() {
        assertThat(MathAnswer.lastBoxed("x \\boxed{\\frac{1}{2}} y")).isEqualTo("\\frac{1}{2}");
        assertThat(MathAnswer.lastBoxed("\\boxed{a{b}c")).isNull();
        assertThat(MathAnswer.grade("\\dfrac{1}{2}", "\\frac12")).isTrue();
        assertThat(MathAnswer.grade("0.5", "\\frac{1}{2}")).isTrue();
        assertThat(MathAnswer.grade("10\\%", "10")).isTrue();
        assertThat(MathAnswer.grade("\\text{(C)}", "(C)")).isTrue();
        assertThat(MathAnswer.grade("x = 3", "3")).isTrue();
        assertThat(MathAnswer.grade("1,000", "1000")).isTrue();
        assertThat(MathAnswer.grade("3, 4", "3,4")).isTrue();
        assertThat(MathAnswer.grade("\\frac{3}{6}", "\\frac{1}{2}")).isTrue();
        assertThat(MathAnswer.grade("2\\sqrt{2}", "\\sqrt{8}")).isFalse(); // symbolic: not reproduced
        assertThat(MathAnswer.grade("7", "8")).isFalse();
        assertThat(MathAnswer.grade(null, "8")).isFalse();
    }

    @Test
    void niahEmScoresLabelCharactersFoundInThePredictedUuid() {
        String uuid = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
        assertThat(LongContextMatch.niahEm("The value is " + uuid, "It is " + uuid + "."))
                .isEqualTo(100.0);
        assertThat(LongContextMatch.niahEm(uuid, "no uuid here")).isEqualTo(0.0);
        // 36 label characters; the predicted uuid has only zeros and dashes: the label has two '0' and four '-'
        String zeros = "00000000-0000-0000-0000-000000000000";
        assertThat(LongContextMatch.niahEm(uuid, zeros)).isEqualTo(16.67);
        // two predicted uuids, one label: the second prediction adds nothing but counts in the denominator
        assertThat(LongContextMatch.niahEm(uuid, uuid + " and " + zeros)).isEqualTo(50.0);
    }

    @Test
    void qaEmTakesTheTextAfterTheLastAnswerMarker() {
        assertThat(LongContextMatch.qaEm("Paris|paris, France", "Reasoning. Answer: Paris"))
                .isEqualTo(100.0);
        assertThat(LongContextMatch.qaEm("New York|NYC", "Answer: new   york city"))
                .isEqualTo(100.0);
        assertThat(LongContextMatch.qaEm("Berlin", "Answer: Paris")).isEqualTo(0.0);
    }

    @Test
    void hierarchicalF1IsMicroAveragedOverCommonPrefixes() {
        HierarchicalF1 f = new HierarchicalF1();
        f.add("A > B > C", "A > B > D"); // 2 common of 3 / 3
        f.add("A > X", "A > B > C"); // 1 of 2 / 3
        f.add(null, "Q > R"); // miss as deep as the truth: 0 of 2 / 2
        double hp = 3 / 7.0;
        double hr = 3 / 8.0;
        assertThat(f.f1()).isEqualTo(2 * hp * hr / (hp + hr));
        assertThat(new HierarchicalF1().f1()).isZero();
    }
}
