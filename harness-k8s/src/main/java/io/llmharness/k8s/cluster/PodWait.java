package io.llmharness.k8s.cluster;

import io.fabric8.kubernetes.api.model.Pod;
import io.llmharness.k8s.K8sException;
import java.time.Duration;
import java.time.Instant;

/** Waits for one pod to run, failing fast when it cannot (image pull errors, a failed container). */
public final class PodWait {

    private final Api api;
    private final LaunchClock clock;
    private final Duration poll;

    public PodWait(Api api, LaunchClock clock, Duration poll) {
        this.api = api;
        this.clock = clock;
        this.poll = poll;
    }

    /**
     * Returns once {@code name} runs.
     *
     * @throws K8sException when it is stuck, failed, gone, or still pending at {@code deadline}
     */
    public void running(String name, Instant deadline) {
        while (true) {
            Pod pod = api.call(
                    "read pod " + name,
                    () -> api.client()
                            .pods()
                            .inNamespace(api.namespace())
                            .withName(name)
                            .get());
            if (pod == null) {
                throw K8sException.execution("pod " + name + " in namespace " + api.namespace()
                        + " disappeared before it ran (deleted by someone, or evicted)");
            }
            PodState last = PodStates.of(pod);
            switch (last.phase()) {
                case RUNNING -> {
                    return;
                }
                case STUCK, FAILED, SUCCEEDED ->
                    throw K8sException.execution(
                            last.describe() + " in namespace " + api.namespace() + " (it should run until deleted)");
                default -> {}
            }
            if (!clock.now().isBefore(deadline)) {
                throw K8sException.execution(last.describe() + ": still not running after waiting; check `kubectl"
                        + " describe pod " + name + " -n " + api.namespace() + "`");
            }
            try {
                clock.pause(poll);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new K8sException(K8sException.INTERRUPTED, "interrupted while waiting for pod " + name, e);
            }
        }
    }
}
