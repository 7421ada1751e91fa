package io.llmharness.loadgen.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConfigParserTest {

    private static ConfigParser.Parsed parse(String... lines) {
        return ConfigParser.parse(String.join("\n", lines) + "\n");
    }

    @Test
    void keyEqualsValueNeedsSpaces() {
        ConfigParser.Parsed p =
                parse("*.Server.target_qps = 12.5", "*.Server.min_duration=5", "  m.*.min_query_count   =   7  ");
        assertThat(p.errors()).isEmpty();
        assertThat(p.values()).containsEntry("*.Server.target_qps", "12.5").containsEntry("m.*.min_query_count", "7");
        assertThat(p.values()).doesNotContainKey("*.Server.min_duration=5");
        assertThat(p.values()).hasSize(2);
    }

    @Test
    void hashEndsTheLineOnlyBeforeTheValue() {
        ConfigParser.Parsed ok = parse("# a comment", "#word", "k = 1", "k2 # = 3");
        assertThat(ok.errors()).isEmpty();
        assertThat(ok.values()).containsOnlyKeys("k");

        assertThat(parse("#word more words").errors()).containsExactly("expected 'key=value', line=1");
        assertThat(parse("k = 1", "k = 2 # trailing").errors())
                .containsExactly("value needs to be integer or double, line=2");
    }

    @Test
    void laterTokensAndLinesReplaceValues() {
        assertThat(parse("k = 1 2 3").values()).containsEntry("k", "3");
        assertThat(parse("k = 1", "k = 5").values()).containsEntry("k", "5");
    }

    @Test
    void valuesMustBeCNumbers() {
        ConfigParser.Parsed p =
                parse("a = 0x1F", "b = 017", "c = 1e-3", "d = -4", "e = inf", "f = 08", "g = abc", "h = 1.5.5");
        assertThat(p.errors())
                .containsExactly(
                        "value needs to be integer or double, line=7", "value needs to be integer or double, line=8");
    }

    @Test
    void lineWithKeyOnlyOrNoValueIsIgnored() {
        ConfigParser.Parsed p = parse("lonely", "k =");
        assertThat(p.errors()).isEmpty();
        assertThat(p.values()).isEmpty();
    }

    @Test
    void cNumberParsing() {
        assertThat(CNumbers.strtoull("0x10")).isEqualTo(16);
        assertThat(CNumbers.strtoull("010")).isEqualTo(8);
        assertThat(CNumbers.strtoull("08")).isZero();
        assertThat(CNumbers.strtoull("2.9")).isEqualTo(2);
        assertThat(CNumbers.strtoull("1e3")).isEqualTo(1);
        assertThat(CNumbers.strtoull("-1")).isEqualTo(-1L);
        assertThat(CNumbers.strtoull("99999999999999999999999")).isEqualTo(-1L);
        assertThat(CNumbers.strtoull("16159082839903944936")).isEqualTo(Long.parseUnsignedLong("16159082839903944936"));
        assertThat(CNumbers.strtod("010")).isEqualTo(10.0);
        assertThat(CNumbers.strtod("0x1.8p1")).isEqualTo(3.0);
        assertThat(CNumbers.strtod("0x10")).isEqualTo(16.0);
        assertThat(CNumbers.strtod("-2.5e2")).isEqualTo(-250.0);
        assertThat(CNumbers.isWholeDouble("1e")).isFalse();
        assertThat(CNumbers.isWholeDouble("nan(abc)")).isTrue();
        assertThat(CNumbers.isWholeUnsigned("0x")).isFalse();
        assertThat(CNumbers.isWholeDouble("0x")).isFalse();
    }
}
