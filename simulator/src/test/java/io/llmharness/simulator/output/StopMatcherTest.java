package io.llmharness.simulator.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StopMatcherTest {
    @Test
    void holdsBackAPossibleStopPrefixAndCutsAtTheMatch() {
        StopMatcher m = new StopMatcher(List.of("\n\n"), false);
        assertThat(m.feed("abc\n", true)).isEqualTo("abc");
        assertThat(m.feed("\nrest", true)).isEmpty();
        assertThat(m.matched()).isEqualTo("\n\n");
    }

    @Test
    void releasesHeldTextWhenNoMatchFollows() {
        StopMatcher m = new StopMatcher(List.of("END"), false);
        assertThat(m.feed("xE", true)).isEqualTo("x");
        assertThat(m.feed("N", true)).isEmpty();
        assertThat(m.feed("x", true)).isEqualTo("ENx");
        assertThat(m.flush()).isEmpty();
    }

    @Test
    void canKeepTheStopString() {
        StopMatcher m = new StopMatcher(List.of("###"), true);
        assertThat(m.feed("a ### b", true)).isEqualTo("a ###");
    }

    @Test
    void ignoresStopsBeforeMinTokens() {
        StopMatcher m = new StopMatcher(List.of("a"), false);
        assertThat(m.feed("aaa", false)).isEqualTo("aaa");
        assertThat(m.matched()).isNull();
    }
}
