package io.llmharness.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.workload.read.YamlNode;
import org.junit.jupiter.api.Test;

/** YAML syntax errors name the line; a tab in the indentation is named as such, on its own line. */
class YamlSyntaxTest {

    @Test
    void aTabInTheIndentationIsNamedOnItsLine() {
        String profile = "load:\n  type: constant\n  stages:\n\t- rate: 1\n    duration: 10\n";
        assertThatThrownBy(() -> YamlNode.parse(profile, "p.yaml"))
                .isInstanceOf(HarnessException.class)
                .hasMessage("p.yaml: line 4: not valid YAML: a tab in the indentation; YAML indents with spaces only");
    }

    @Test
    void aTabInsideAValueIsNotAnIndentation() {
        assertThat(YamlSyntax.firstIndentTab("a: 'x\ty'\nb:  c\n")).isZero();
        assertThat(YamlSyntax.firstIndentTab("a:\n  \tb: 1\n")).isEqualTo(2);
        assertThat(YamlSyntax.firstIndentTab(null)).isZero();
    }

    @Test
    void otherErrorsKeepTheParsersLineAndFirstSentence() {
        assertThatThrownBy(() -> YamlNode.parse("a: [1,\n", "p.yaml"))
                .hasMessageStartingWith("p.yaml: line ")
                .hasMessageContaining("not valid YAML: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
