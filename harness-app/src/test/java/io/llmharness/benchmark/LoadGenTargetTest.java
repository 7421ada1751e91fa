package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** LoadGen model names per scenario; Interactive = Server with the -interactive name. */
class LoadGenTargetTest {
    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();

    @ParameterizedTest
    @CsvSource({
        "llama2-70b, Offline, llama2-70b, Offline",
        "llama2-70b, Server, llama2-70b, Server",
        "llama2-70b, Interactive, llama2-70b-interactive, Server",
        "llama3.1-8b, Offline, llama3_1-8b, Offline",
        "llama3.1-8b, Server, llama3_1-8b, Server",
        "llama3.1-8b, Interactive, llama3_1-8b-interactive, Server",
        "llama3.1-8b-edge, SingleStream, llama3_1-8b-edge, SingleStream",
        "llama3.1-8b-edge, Offline, llama3_1-8b-edge, Offline",
        "llama3.1-405b, Interactive, llama3_1-405b-interactive, Server",
        "mixtral-8x7b, Server, mixtral-8x7b, Server",
        "deepseek-r1, Interactive, deepseek-r1-interactive, Server",
        "gpt-oss-120b, Offline, gpt-oss-120b, Offline",
        "gpt-oss-120b, Interactive, gpt-oss-120b-interactive, Server",
        "qwen3-vl-235b-a22b, Server, qwen3-vl-235b-a22b, Server",
    })
    void modelNameAndLoadgenScenario(String category, String scenario, String lgName, String lgScenario) {
        LoadGenTarget t = REGISTRY.byCategory(category).loadGen(RunScenario.parse(scenario), null);
        assertThat(t.modelName()).isEqualTo(lgName);
        assertThat(t.loadgenScenario()).isEqualTo(lgScenario);
        assertThat(t.scenario().displayName()).isEqualTo(scenario);
    }

    @Test
    void interactiveCarriesTheTighterLimits() {
        LoadGenTarget t = REGISTRY.byCategory("gpt-oss-120b").loadGen(RunScenario.INTERACTIVE, "");
        assertThat(t.limits()).isEqualTo(LatencyLimits.tokens(2000, 15));
        assertThat(t.firstTokenRequired()).isTrue();
        assertThat(t.performanceSampleCount()).isEqualTo(6396);
        assertThat(t.accuracySampleCount()).isEqualTo(4395);
    }

    @Test
    void firstTokenIsRequiredExceptOfflineAndWithoutTokenLatencies() {
        BenchmarkSpec edge = REGISTRY.byCategory("llama3.1-8b-edge");
        assertThat(edge.loadGen(RunScenario.SINGLE_STREAM, null).firstTokenRequired())
                .isTrue();
        assertThat(edge.loadGen(RunScenario.OFFLINE, null).firstTokenRequired()).isFalse();
        BenchmarkSpec qwen = REGISTRY.byCategory("qwen3vl");
        assertThat(qwen.loadGen(RunScenario.SERVER, null).firstTokenRequired()).isFalse();
        assertThat(qwen.loadGen(RunScenario.SERVER, null).tokenLatencies()).isFalse();
    }

    @Test
    void lgModelNameOverrideWinsAndTakesKnownLimits() {
        BenchmarkSpec llama2 = REGISTRY.byCategory("llama2-70b");
        // v5.0 style: Offline run under the interactive name.
        LoadGenTarget t = llama2.loadGen(RunScenario.OFFLINE, " llama2-70b-interactive ");
        assertThat(t.modelName()).isEqualTo("llama2-70b-interactive");
        assertThat(t.loadgenScenario()).isEqualTo("Offline");
        assertThat(t.limits()).isEqualTo(LatencyLimits.tokens(450, 40));

        LoadGenTarget custom = llama2.loadGen(RunScenario.SERVER, "my-model");
        assertThat(custom.modelName()).isEqualTo("my-model");
        assertThat(custom.limits()).isEqualTo(LatencyLimits.NONE);
    }

    @Test
    void undefinedScenarioNamesTheFlagAndTheChoices() {
        assertThatThrownBy(() -> REGISTRY.byCategory("mixtral").loadGen(RunScenario.INTERACTIVE, null))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--scenario Interactive: mixtral-8x7b does not define it; use one of Offline, Server")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(2);
    }

    @Test
    void singleStreamOnDatacenterPointsToEdge() {
        assertThatThrownBy(() -> REGISTRY.byCategory("llama3.1-8b").loadGen(RunScenario.SINGLE_STREAM, null))
                .hasMessage("--scenario SingleStream: llama3.1-8b does not define it; use one of Offline, Server,"
                        + " Interactive (SingleStream is the edge benchmark: --model-category llama3.1-8b-edge)");
    }

    @Test
    void scenarioAndModeParsing() {
        assertThat(RunScenario.parse("interactive")).isEqualTo(RunScenario.INTERACTIVE);
        assertThat(RunScenario.parse("single-stream")).isEqualTo(RunScenario.SINGLE_STREAM);
        assertThat(RunScenario.parse("SingleStream")).isEqualTo(RunScenario.SINGLE_STREAM);
        assertThat(RunScenario.parse("OFFLINE")).isEqualTo(RunScenario.OFFLINE);
        assertThat(RunMode.parse("Accuracy")).isEqualTo(RunMode.ACCURACY);
        assertThat(RunMode.parse("PerformanceOnly")).isEqualTo(RunMode.PERFORMANCE);
        assertThat(RunMode.parse("test06")).isEqualTo(RunMode.TEST06);
        assertThat(RunScenario.parse("multi-stream")).isEqualTo(RunScenario.MULTI_STREAM);
        assertThatThrownBy(() -> REGISTRY.byCategory("llama3.1-8b").loadGen(RunScenario.MULTI_STREAM, null))
                .hasMessage("--scenario MultiStream: llama3.1-8b does not define it; use one of Offline, Server,"
                        + " Interactive");
        assertThatThrownBy(() -> RunScenario.parse("Batch"))
                .hasMessage("--scenario 'Batch': unknown scenario; use one of Offline, Server, Interactive,"
                        + " SingleStream, MultiStream");
        assertThatThrownBy(() -> RunMode.parse("submission"))
                .hasMessage(
                        "--test-mode 'submission': unknown test mode; use performance, accuracy, TEST06, TEST07, TEST09"
                                + " or find-peak");
    }
}
