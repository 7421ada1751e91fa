package io.llmharness.k8s.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.k8s.LocalProfileFiles;
import io.llmharness.k8s.fake.VirtualClock;
import io.llmharness.k8s.launch.Timings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every bad setting is one line naming the flag (exit 2) or the variable (exit 3), before any cluster call. */
class K8sRunFlagsTest {

    private static CliRun run(Map<String, String> env, String... args) {
        K8sEnvironment e = new K8sEnvironment(
                env,
                new LocalProfileFiles(),
                () -> {
                    throw new AssertionError("a bad setting must fail before a client is opened");
                },
                new VirtualClock(() -> {}),
                Timings.defaults(),
                false);
        return CliRun.of(e, CliRun.args(List.of("run"), args));
    }

    private static void fails(CliRun r, int code, String line) {
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(code);
        assertThat(r.err()).isEqualTo("harness: " + line + "\n");
    }

    @Test
    void nopWithoutAnEndpointToFindTheServerPodFromIsOneLineBeforeAnythingRuns() {
        fails(
                run(Map.of(), "-l", "nop"),
                3,
                "-l nop: the launcher finds the vLLM standalone pod from LLMDBENCH_HARNESS_STACK_ENDPOINT_URL, which"
                        + " is not set: export it (http://<deployment>.<namespace>.svc.cluster.local:80), or name the"
                        + " pod after --: -- --server-pod NAME");
        fails(
                run(Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", " "), "--harness", "nop", "--dry-run"),
                3,
                "-l nop: the launcher finds the vLLM standalone pod from LLMDBENCH_HARNESS_STACK_ENDPOINT_URL, which"
                        + " is not set: export it (http://<deployment>.<namespace>.svc.cluster.local:80), or name the"
                        + " pod after --: -- --server-pod NAME");
        assertThat(run(Map.of(), "-l", "nop", "--dry-run", "--", "--server-pod", "vllm-0")
                        .exitCode())
                .isZero();
        Map<String, String> url = Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", "http://vllm.llmd.svc:80");
        fails(
                run(url, "-l", "nop", "-j", "3"),
                2,
                "--parallelism 3: the nop harness reads one server's log and sends no load, so it runs as one"
                        + " launcher: drop it (or set 1)");
        fails(
                run(
                        Map.of(
                                "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", "http://vllm.llmd.svc:80",
                                "LLMDBENCH_HARNESS_LOAD_PARALLELISM", "2"),
                        "-l",
                        "nop"),
                3,
                "LLMDBENCH_HARNESS_LOAD_PARALLELISM=2: the nop harness reads one server's log and sends no load, so"
                        + " it runs as one launcher: drop it (or set 1)");
        assertThat(run(Map.of(), "-l", "nop", "--dry-run", "--", "--endpoint", "http://vllm.llmd.svc:80")
                        .exitCode())
                .isZero();
    }

    @Test
    void aBadQuantityFromAFlagIsAUsageError() {
        fails(
                run(Map.of(), "--cpu", "lots"),
                2,
                "--cpu lots: not a Kubernetes quantity (examples: 16, 500m, 32Gi, 20Gi)");
    }

    @Test
    void aBadQuantityFromLlmdsVariableIsAConfigError() {
        fails(
                run(Map.of("LLMDBENCH_HARNESS_CPU_MEM", "32 gigs")),
                3,
                "LLMDBENCH_HARNESS_CPU_MEM=32 gigs: not a Kubernetes quantity (examples: 16, 500m, 32Gi, 20Gi)");
    }

    @Test
    void anUnknownHarnessListsTheKnownOnes() {
        fails(
                run(Map.of(), "-l", "locust"),
                2,
                "--harness locust: unknown harness (known: inference-perf, guidellm, vllm-benchmark, nop, inferencemax,"
                        + " fmperf)");
    }

    @Test
    void parallelismMustBeAPositiveNumber() {
        fails(run(Map.of(), "-j", "0"), 2, "--parallelism 0: expected a whole number from 1 to 1000");
        fails(
                run(Map.of("LLMDBENCH_HARNESS_LOAD_PARALLELISM", "two")),
                3,
                "LLMDBENCH_HARNESS_LOAD_PARALLELISM=two: expected a whole number from 1 to 1000");
    }

    @Test
    void aNegativeWaitIsRefused() {
        fails(run(Map.of(), "-s", "-5"), 2, "--wait -5: expected a whole number from 0 to 2678400");
    }

    @Test
    void skipRunAndDebugExcludeEachOther() {
        CliRun r = run(Map.of(), "--skip-run", "--debug");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("harness: --skip-run and --debug exclude each other");
    }

    @Test
    void namesMustBeKubernetesNames() {
        fails(
                run(Map.of(), "-p", "My_Namespace"),
                2,
                "--namespace My_Namespace: expected a namespace name: lower-case letters, digits and '-', at most 63");
        fails(
                run(Map.of(), "-k", "Results PVC"),
                2,
                "--pvc Results PVC: expected a Kubernetes object name: lower-case letters, digits, '-' and '.'");
        fails(
                run(Map.of(), "--experiment-id", "a/b"),
                2,
                "--experiment-id a/b: expected letters, digits, '-', '_' and '.', at most 63, e.g. 1732608000");
    }

    @Test
    void aMissingProfileFileIsNamed() {
        fails(
                run(Map.of(), "-w", "profiles/nope.yaml"),
                2,
                "--workload profiles/nope.yaml: no such profile file (give a file or a name)");
    }

    @Test
    void llmdsBooleanVariablesAreChecked() {
        fails(
                run(Map.of("LLMDBENCH_HARNESS_DEBUG", "maybe")),
                3,
                "LLMDBENCH_HARNESS_DEBUG=maybe: expected 1 or 0 (true or false)");
    }

    @Test
    void benchArgumentsGoAfterTheDoubleDash() {
        fails(
                run(Map.of(), "--dry-run", "sanity_random"),
                2,
                "harness k8s run: unexpected argument 'sanity_random'; put harness bench arguments after --");
        assertThat(run(Map.of(), "--dry-run", "--", "--seed", "7").out()).contains("- \"--seed\"\n        - \"7\"");
    }

    @Test
    void aBadPullPolicyListsTheGoodOnes() {
        fails(
                run(Map.of(), "--image-pull-policy", "sometimes"),
                2,
                "--image-pull-policy sometimes: expected one of Always, IfNotPresent, Never");
    }
}
