package io.llmharness.k8s.cluster;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.PodCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a command in a pod's container through the API server (what {@code kubectl exec} does) and hands its
 * standard output to a reader as a stream, so a large tar archive never sits in memory.
 */
public final class PodExec {

    /** Reads a command's standard output. */
    @FunctionalInterface
    public interface OutputReader<T> {
        T read(InputStream stdout) throws IOException;
    }

    private final Api api;
    private final Duration timeout;

    /**
     * @param timeout how long to wait for the command's exit status once its output has been read
     */
    public PodExec(Api api, Duration timeout) {
        this.api = api;
        this.timeout = timeout;
    }

    /**
     * Runs {@code command} in {@code pod}/{@code container}.
     *
     * @throws K8sException when the command cannot be started, its output cannot be read, or it exits non-zero
     */
    public <T> T run(String pod, String container, OutputReader<T> reader, List<String> command) {
        String what = "run `" + PodCommand.shellLine(command) + "` in pod " + pod;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecWatch watch = api.call(
                what,
                () -> api.client()
                        .pods()
                        .inNamespace(api.namespace())
                        .withName(pod)
                        .inContainer(container)
                        .redirectingOutput()
                        .writingError(err)
                        .exec(command.toArray(String[]::new)));
        try (watch) {
            T result = reader.read(watch.getOutput());
            Integer code = watch.exitCode().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (code == null || code != 0) {
                String stderr = err.toString(StandardCharsets.UTF_8).strip();
                throw K8sException.execution(what + ": exit code " + (code == null ? "unknown" : code)
                        + (stderr.isEmpty()
                                ? ""
                                : " (" + stderr.lines().findFirst().orElse("") + ")"));
            }
            return result;
        } catch (IOException e) {
            throw K8sException.execution(what + ": " + e.getMessage(), e);
        } catch (KubernetesClientException e) {
            throw api.translate(what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new K8sException(K8sException.INTERRUPTED, what + ": interrupted", e);
        } catch (ExecutionException e) {
            throw K8sException.execution(what + ": " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw K8sException.execution(what + ": no exit status after " + timeout.toSeconds() + " s", e);
        }
    }
}
