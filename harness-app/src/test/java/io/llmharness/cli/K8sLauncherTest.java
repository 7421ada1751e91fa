package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.testing.FreePort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./harness k8s run} as a user runs it, a separate process through the launcher script: the packaged
 * application carries the Kubernetes client, reads the kubeconfig, and says in one line when the cluster is not
 * there. Tagged {@code launcher}: the build runs it after {@code package}.
 */
@Tag("slow")
@Tag("launcher")
class K8sLauncherTest {

    @TempDir
    Path dir;

    private record Proc(int exit, String out, String err) {}

    private Proc harness(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path root = Path.of("").toAbsolutePath().getParent();
        ProcessBuilder pb = new ProcessBuilder(new java.util.ArrayList<>(
                        List.of(root.resolve("harness").toString())))
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        pb.command().addAll(List.of(args));
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        return new Proc(
                p.exitValue(),
                Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void aClusterThatIsNotThereIsOneLineAndExitCodeOne() throws Exception {
        int port = FreePort.pick();
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: gone
                  cluster:
                    server: http://127.0.0.1:%d
                contexts:
                - name: gone
                  context:
                    cluster: gone
                    user: me
                    namespace: bench
                current-context: gone
                users:
                - name: me
                  user:
                    token: not-a-secret
                """.formatted(port));

        Proc r = harness(Map.of("KUBECONFIG", kubeconfig.toString()), "k8s", "run", "-p", "bench");

        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("harness: cannot reach the Kubernetes API server at http://127.0.0.1:" + port)
                .contains("to read Job llmdbench-inference-perf-launcher")
                .contains("check KUBECONFIG");
        assertThat(r.err().lines().filter(l -> l.startsWith("harness:")).count())
                .isEqualTo(1);
    }

    @Test
    void dryRunNeedsNoCluster() throws Exception {
        Proc r = harness(Map.of("KUBECONFIG", dir.resolve("none").toString()), "k8s", "run", "--dry-run", "-j", "2");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("kind: \"Job\"").contains("completionMode: \"Indexed\"");
    }
}
