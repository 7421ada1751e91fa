package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Parallelism;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Debian's {@code promtool check metrics} (package {@code prometheus}) on both personas' {@code /metrics} after
 * some traffic: the exposition must parse, and its lint may only report what the real servers' own names cause
 * (the {@code vllm:} / {@code sglang:} colons, reserved for recording rules, and vLLM's histogram
 * {@code vllm:iteration_tokens_total}). Skipped without promtool.
 */
class PromtoolTest extends SimTestSupport {
    /** promtool's exit status when the only problems are lint findings. */
    private static final int LINT_PROBLEMS = 3;

    @BeforeEach
    void needsPromtool() {
        ExternalTools.require("promtool", "install Debian's package prometheus (apt-get install -y prometheus)");
    }

    @Test
    void vllmPersonaPassesPromtool() throws Exception {
        check(SimulatorOptions.defaults().with(Latency.zero()));
    }

    @Test
    void vllmPersonaWithSeveralApiServersPassesPromtool() throws Exception {
        check(SimulatorOptions.defaults().with(Latency.fixed(1, 1)).with(Parallelism.DEFAULTS.withDataParallelSize(2)));
    }

    @Test
    void vllmPersonaOfAnOlderReleasePassesPromtool() throws Exception {
        check(SimulatorOptions.defaults().with(Latency.zero()).with(Identity.DEFAULTS.withVersion("0.10.2")));
    }

    @Test
    void sglangPersonaPassesPromtool() throws Exception {
        check(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG))
                .with(Compatibility.DEFAULTS.withMetricsEnabled(true)));
    }

    private void check(SimulatorOptions options) throws Exception {
        TestClient c = client(start(options));
        for (int i = 0; i < 3; i++) {
            assertThat(c.postJson("/v1/completions", completion("promtool " + i, 4))
                            .status())
                    .isEqualTo(200);
        }
        String exposition = c.get("/metrics").body();
        ExternalTools.Result r =
                ExternalTools.run(List.of("promtool", "check", "metrics"), Path.of("."), exposition, 60);
        List<String> findings = r.output().lines().filter(l -> !l.isBlank()).toList();
        assertThat(findings)
                .as("promtool's findings beyond those of the real server's names")
                .allMatch(PromtoolTest::causedByTheRealNames);
        assertThat(r.exit()).as("promtool's exit status").isIn(0, LINT_PROBLEMS);
        assertThat(findings).as("the lint ran over the exposition").isNotEmpty();
    }

    private static boolean causedByTheRealNames(String finding) {
        return finding.matches("(vllm|sglang):\\S+ metric names should not contain ':'")
                || finding.equals("vllm:iteration_tokens_total non-counter metrics should not have \"_total\" suffix");
    }
}
