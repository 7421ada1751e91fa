package io.llmharness.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PodCommandTest {

    private static final String DIR = "/requests/inference-perf_1732608000_sanity_random_";

    @Test
    void oneLauncherRunsTheWholeProfileWithoutShardFlags() {
        assertThat(PodCommand.args(Specs.sample("ns", 1)))
                .containsExactly("bench", "-l", "inference-perf", "-w", "sanity_random", "--output-dir", DIR + "0");
    }

    @Test
    void nLaunchersTakeTheirShareFromTheJobIndexAndStartTogether() {
        assertThat(PodCommand.args(Specs.sample("ns", 3)))
                .containsExactly(
                        "bench",
                        "-l",
                        "inference-perf",
                        "-w",
                        "sanity_random",
                        "--output-dir",
                        DIR + "$(JOB_COMPLETION_INDEX)",
                        "--shard",
                        "$(JOB_COMPLETION_INDEX)/3",
                        "--start-at",
                        "$(HARNESS_START_AT)");
    }

    @Test
    void aConcreteIndexIsWhatAUserTypesInADebugPod() {
        assertThat(PodCommand.args(Specs.sample("ns", 3), "2", "2026-11-26T10:01:00Z"))
                .containsSubsequence("--output-dir", DIR + "2", "--shard", "2/3", "--start-at", "2026-11-26T10:01:00Z");
    }

    @Test
    void aProfileFileIsReadFromTheConfigMapMountAndOverridesGoAlongUntilItIsRendered() {
        ProfileFile raw = new ProfileFile("chat.yaml.in", "load: {}", false, "/home/u/chat.yaml.in");
        K8sRunSpec spec = Specs.with("ns", 1, Mode.RUN, Optional.of(raw), "rate=5", List.of("--seed", "7"));

        assertThat(PodCommand.args(spec))
                .containsExactly(
                        "bench",
                        "-l",
                        "inference-perf",
                        "-w",
                        "/workspace/profiles/inference-perf/chat.yaml.in",
                        "-o",
                        "rate=5",
                        "--output-dir",
                        "/requests/inference-perf_1732608000_chat_0",
                        "--seed",
                        "7");
    }

    @Test
    void aRenderedProfileGetsNoOverrides() {
        ProfileFile done = new ProfileFile("chat.yaml", "load: {}", true, "chat.yaml.in");
        K8sRunSpec spec = Specs.with("ns", 1, Mode.RUN, Optional.of(done), "rate=5", List.of());

        assertThat(PodCommand.args(spec))
                .doesNotContain("-o", "rate=5")
                .contains("/workspace/profiles/inference-perf/chat.yaml");
    }

    @Test
    void aProfileNameKeepsItsOverridesForThePod() {
        K8sRunSpec spec = Specs.with("ns", 1, Mode.RUN, Optional.empty(), "min=20,total_count=200", List.of());

        assertThat(PodCommand.args(spec)).containsSequence("-w", "sanity_random", "-o", "min=20,total_count=200");
    }

    @Test
    void theNopLauncherFindsTheServerPodUnlessTheExtraArgsNameALogSource() {
        K8sRunSpec inferencePerf = Specs.sample("ns", 1);
        assertThat(PodCommand.args(inferencePerf)).doesNotContain("--server-pod");

        assertThat(PodCommand.args(nop(List.of("--seed", "7"))))
                .containsSequence("--server-pod", "auto", "--seed", "7");
        assertThat(PodCommand.args(nop(List.of("--server-pod", "vllm-0")))).containsOnlyOnce("--server-pod");
        assertThat(PodCommand.args(nop(List.of("--server-pod=vllm-0")))).doesNotContain("auto");
        assertThat(PodCommand.args(nop(List.of("--simulate")))).doesNotContain("--server-pod");
        assertThat(PodCommand.args(nop(List.of("--server-log", "/requests/vllm.log"))))
                .doesNotContain("--server-pod");
    }

    private static K8sRunSpec nop(List<String> extraArgs) {
        K8sRunSpec s = Specs.sample("ns", 1);
        return new K8sRunSpec(
                s.namespace(),
                new K8sRunSpec.Bench("nop", "nop", Optional.empty(), null, extraArgs, Map.of()),
                s.pod(),
                s.storage(),
                s.control());
    }

    @Test
    void shellLinesQuoteWhatAShellWouldSplitOrExpand() {
        assertThat(PodCommand.shellLine(List.of("bench", "-o", "a=1,b=2", "$(X)/3", "it's")))
                .isEqualTo("bench -o a=1,b=2 '$(X)/3' 'it'\\''s'");
    }
}
