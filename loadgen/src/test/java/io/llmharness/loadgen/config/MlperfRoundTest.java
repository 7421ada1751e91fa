package io.llmharness.loadgen.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.loadgen.ConfigFiles;
import io.llmharness.loadgen.TestSettings;
import org.junit.jupiter.api.Test;

/** The rounds' seeds, the embedded v6.0 file and the default. */
class MlperfRoundTest {

    private static TestSettings settings(MlperfRound round) {
        TestSettings s = new TestSettings();
        new ConfigFiles(null, null, "llama3_1-8b", "Offline", round).applyTo(s);
        return s;
    }

    @Test
    void theDefaultIsLoadGen6017sFileWithTheV61Seeds() {
        TestSettings s = settings(null);
        assertThat(MlperfRound.DEFAULT).isEqualTo(MlperfRound.V6_1);
        assertThat(s.qslRngSeed).isEqualTo(2085463073848966840L);
        assertThat(Long.toUnsignedString(s.sampleIndexRngSeed)).isEqualTo("2747215439041700203");
        assertThat(Long.toUnsignedString(s.scheduleRngSeed)).isEqualTo("16159082839903944936");
        assertThat(MlperfRound.V6_1.mlperfConf()).isEqualTo(ConfigLoader.embedded());
    }

    @Test
    void v60ChangesTheSeedsAndNothingElse() {
        TestSettings v60 = settings(MlperfRound.V6_0);
        assertThat(v60.qslRngSeed).isEqualTo(2465351861681999779L);
        assertThat(Long.toUnsignedString(v60.sampleIndexRngSeed)).isEqualTo("14276810075590677512");
        assertThat(Long.toUnsignedString(v60.scheduleRngSeed)).isEqualTo("3936089224930324775");
        TestSettings v61 = settings(MlperfRound.V6_1);
        for (String name : SettingsTable.names()) {
            if (!name.endsWith("rng_seed")) {
                assertThat(v60.get(name)).as(name).isEqualTo(v61.get(name));
            }
        }
        assertThat(MlperfRound.ofSeeds(v60.qslRngSeed, v60.sampleIndexRngSeed, v60.scheduleRngSeed))
                .contains(MlperfRound.V6_0);
    }

    @Test
    void roundsParseAndOnlyTwoAreEmbedded() {
        assertThat(MlperfRound.parse("v6.0")).contains(MlperfRound.V6_0);
        assertThat(MlperfRound.parse("6.1")).contains(MlperfRound.V6_1);
        assertThat(MlperfRound.parse("v7.0")).isEmpty();
        assertThat(MlperfRound.embeddedLabels()).isEqualTo("v6.0, v6.1");
        assertThat(MlperfRound.ofSeeds(1, 2, 3)).isEmpty();
        assertThatThrownBy(() -> new ConfigFiles(null, null, "m", "Offline", MlperfRound.V5_1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no embedded mlperf.conf for v5.1");
    }
}
