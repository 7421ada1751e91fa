package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code harness k8s} wired into the application's command line: its dry run, and usage errors through the
 * application's one-line handler. The launcher flow itself is tested in the harness-k8s module.
 */
class K8sCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void dryRunPrintsTheManifestsOfAnIndexedLauncherJob() {
        int code = run("k8s", "run", "--dry-run", "-p", "bench", "-j", "2", "--experiment-id", "9");

        assertThat(code).as(err.toString()).isZero();
        @SuppressWarnings("unchecked")
        List<HasMetadata> all = (List<HasMetadata>) new KubernetesSerialization().unmarshal(out.toString());
        Job job = all.stream()
                .filter(Job.class::isInstance)
                .map(Job.class::cast)
                .findFirst()
                .orElseThrow();
        assertThat(job.getMetadata().getName()).isEqualTo("llmdbench-inference-perf-launcher");
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
                .isEqualTo("llm-harness:0.1.0-SNAPSHOT");
    }

    @Test
    void anUnknownFlagIsOneUsageLine() {
        int code = run("k8s", "run", "--paralelism", "3");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString().lines().toList()).hasSize(1);
        assertThat(err.toString()).startsWith("harness: ").contains("--paralelism");
    }

    @Test
    void k8sAloneShowsItsSubcommands() {
        int code = run("k8s");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("run").contains("Run workload profiles on Kubernetes");
    }
}
