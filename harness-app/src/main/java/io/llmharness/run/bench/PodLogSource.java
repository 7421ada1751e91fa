package io.llmharness.run.bench;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.llmharness.error.HarnessException;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.collect.ServerPodLog;
import io.llmharness.run.RunConsole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code harness bench -l nop --server-pod NAME|auto}: the vLLM server pod's log, read through the Kubernetes API
 * ({@link ServerPodLog}: llm-d's way of finding the standalone server's pod) and saved in the run directory as
 * {@code <pod>.log}, which the nop harness then reads like any log file. In a launcher pod of {@code harness k8s
 * run -l nop} the client is the pod's service account; elsewhere the kubeconfig's current context.
 */
final class PodLogSource {

    private PodLogSource() {}

    /** Where the pod is, checked before anything is read (a dry run stops here). */
    static ServerPodLog.Target target(BenchRequest.TargetChoice t, Map<String, String> env) {
        try {
            return ServerPodLog.target(t.serverPod(), t.endpoint(), t.endpointFrom(), env);
        } catch (K8sException e) {
            throw translate(e);
        }
    }

    /**
     * Reads the pod's log and writes it into {@code dir}.
     *
     * @return the saved log
     * @throws HarnessException (execution) when the pod cannot be found or read, (config) when its log is empty
     */
    static Path save(ServerPodLog.Target target, Map<String, String> env, Path dir, RunConsole console) {
        ServerPodLog.Found found;
        try (KubernetesClient client = open(env)) {
            found = target.read(client);
        } catch (K8sException e) {
            throw translate(e);
        }
        Path file = dir.resolve(found.pod() + ".log");
        try {
            Files.writeString(file, found.text());
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
        console.note("harness: read the log of pod " + found.pod() + " (" + found.how() + ", container "
                + found.container() + ", namespace " + found.namespace() + ", "
                + found.text().lines().count() + " lines) into " + file);
        return file;
    }

    private static KubernetesClient open(Map<String, String> env) {
        try {
            return ServerPodLog.client(env);
        } catch (RuntimeException e) {
            throw HarnessException.execution("--server-pod: cannot set up the Kubernetes client ("
                    + e.getMessage() + "); check KUBECONFIG and `kubectl config current-context`, or run inside"
                    + " the cluster");
        }
    }

    private static HarnessException translate(K8sException e) {
        String m = "nop: " + e.getMessage();
        return switch (e.getExitCode()) {
            case K8sException.USAGE -> HarnessException.usage(m);
            case K8sException.CONFIG -> HarnessException.config(m);
            case K8sException.INTERRUPTED -> HarnessException.interrupted(m);
            default -> HarnessException.execution(m, e);
        };
    }
}
