package io.llmharness.k8s.cluster;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.llmharness.k8s.K8sException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.function.Supplier;

/**
 * Calls to the API server with their failures turned into one line that says what was being done, in which
 * namespace, and what to do about it: unreachable server, refused credentials, missing rights, missing namespace.
 */
public final class Api {

    private final KubernetesClient client;
    private final String namespace;

    public Api(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
    }

    public KubernetesClient client() {
        return client;
    }

    public String namespace() {
        return namespace;
    }

    /**
     * Runs one API operation.
     *
     * @param what what the operation does, e.g. {@code "create Job llmdbench-x-launcher"}
     * @throws K8sException (execution, or interrupted) when the API server refuses or cannot be reached
     */
    public <T> T call(String what, Supplier<T> op) {
        try {
            return op.get();
        } catch (KubernetesClientException e) {
            throw translate(what, e);
        }
    }

    /** Runs one API operation that returns nothing. */
    public void run(String what, Runnable op) {
        call(what, () -> {
            op.run();
            return null;
        });
    }

    /** The exception a failed call becomes. */
    public K8sException translate(String what, KubernetesClientException e) {
        if (interrupted(e)) {
            Thread.currentThread().interrupt();
            return new K8sException(K8sException.INTERRUPTED, what + ": interrupted", e);
        }
        String server = client.getConfiguration() == null
                ? "?"
                : client.getConfiguration().getMasterUrl();
        String status = e.getStatus() != null && e.getStatus().getMessage() != null
                ? e.getStatus().getMessage()
                : firstLine(e.getMessage());
        String where = " in namespace " + namespace;
        // no HTTP status at all (fabric8 reports 0 or -1): the server never answered
        return switch (Math.max(e.getCode(), 0)) {
            case 0 ->
                K8sException.execution(
                        "cannot reach the Kubernetes API server at " + server + " to " + what + " (" + rootCause(e)
                                + "); check KUBECONFIG and `kubectl config current-context`",
                        e);
            case 401 ->
                K8sException.execution(
                        what + ": the API server at " + server + " refused the credentials of the current kubeconfig"
                                + " context (401); log in again",
                        e);
            case 403 ->
                K8sException.execution(
                        what + where + ": forbidden (" + status + "); ask your cluster admin for that right, or use a"
                                + " namespace where you have it (-p)",
                        e);
            case 404 ->
                K8sException.execution(
                        what + where + ": not found (" + status + ")"
                                + (status.contains("namespaces")
                                        ? "; create it with `kubectl create namespace " + namespace
                                                + "` or pick another with -p"
                                        : ""),
                        e);
            default -> K8sException.execution(what + where + ": " + status + " (HTTP " + e.getCode() + ")", e);
        };
    }

    private static boolean interrupted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof InterruptedIOException) {
                return true;
            }
        }
        return false;
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return t instanceof IOException || m == null
                ? t.getClass().getSimpleName() + (m == null ? "" : ": " + firstLine(m))
                : firstLine(m);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
