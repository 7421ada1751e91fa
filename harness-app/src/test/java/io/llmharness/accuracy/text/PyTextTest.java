package io.llmharness.accuracy.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PyTextTest {

    @Test
    void stripUsesPythonsWhitespace() {
        assertThat(PyText.strip("\u00A0\u0085 text \u202F\u2007\u001C")).isEqualTo("text");
        assertThat("\u00A0text".strip()).isEqualTo("\u00A0text"); // what Java alone would keep
        assertThat(PyText.strip("   ")).isEmpty();
        assertThat(PyText.rstrip(" a b \n")).isEqualTo(" a b");
    }

    @Test
    void lenCountsCodePoints() {
        assertThat(PyText.len("a\uD83D\uDE00b")).isEqualTo(3);
        assertThat(PyText.len("café")).isEqualTo(4);
    }
}
