package io.llmharness.k8s.collect;

import io.fabric8.kubernetes.api.model.Pod;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Names;
import io.llmharness.k8s.cluster.Api;
import io.llmharness.k8s.cluster.Cleanup;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.cluster.LaunchClock;
import io.llmharness.k8s.cluster.PodExec;
import io.llmharness.k8s.cluster.PodWait;
import io.llmharness.k8s.manifest.CollectorPod;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Copies results from the PVC to the workstation: starts the collector pod (which mounts the PVC), lists
 * {@code /requests}, streams {@code tar} of the selected directories through the API server's exec and unpacks it
 * into the output directory. The collector pod goes into the run's {@link Cleanup}.
 */
public final class ResultsCollector {

    /** What was copied. */
    public record Result(List<String> directories, TarExtractor.Stats stats) {}

    private final Api api;
    private final LaunchClock clock;
    private final Console console;
    private final Duration poll;
    private final Duration startTimeout;

    /**
     * @param startTimeout how long the collector pod may take to run (scheduling and image pull)
     */
    public ResultsCollector(Api api, LaunchClock clock, Console console, Duration poll, Duration startTimeout) {
        this.api = api;
        this.clock = clock;
        this.console = console;
        this.poll = poll;
        this.startTimeout = startTimeout;
    }

    /**
     * Copies the directories under {@code /requests} that {@code select} accepts into the run's output directory.
     *
     * @param what what is being collected, for messages ("the 3 launchers' results")
     * @throws K8sException when the collector pod cannot run or the copy fails
     */
    public Result collect(K8sRunSpec spec, Predicate<String> select, String what, Cleanup cleanup) {
        String name = spec.names().collector();
        String ns = spec.namespace();
        Pod pod = CollectorPod.pod(spec);
        removeStale(name, ns);
        api.call(
                "create collector pod " + name,
                () -> api.client().pods().inNamespace(ns).resource(pod).create());
        cleanup.created(
                "pod " + name,
                "kubectl delete pod " + name + " -n " + ns,
                () -> api.client()
                        .pods()
                        .inNamespace(ns)
                        .withName(name)
                        .withGracePeriod(0)
                        .delete());
        console.info("collecting " + what + " through pod " + name + " (PVC "
                + spec.storage().pvcName() + ")");
        new PodWait(api, clock, poll).running(name, clock.now().plus(startTimeout));
        PodExec exec = new PodExec(api, Duration.ofMinutes(5));
        List<String> all = exec.run(
                name, CollectorPod.CONTAINER, ResultsCollector::lines, List.of("ls", "-1", "-A", Names.RESULTS_MOUNT));
        List<String> chosen = all.stream().filter(select).sorted().toList();
        if (chosen.isEmpty()) {
            console.warn("nothing to copy: no matching directory under " + Names.RESULTS_MOUNT + " on PVC "
                    + spec.storage().pvcName()
                    + (all.isEmpty() ? " (it is empty)" : " (it holds " + all.size() + " other entries)"));
            return new Result(List.of(), new TarExtractor.Stats(0, 0, 0));
        }
        List<String> tar = new ArrayList<>(List.of("tar", "-cf", "-", "-C", Names.RESULTS_MOUNT));
        tar.addAll(chosen);
        TarExtractor.Stats stats = exec.run(
                name,
                CollectorPod.CONTAINER,
                in -> TarExtractor.extract(in, spec.control().outputDir()),
                tar);
        return new Result(chosen, stats);
    }

    /** A collector pod of the same name (an earlier collection of this experiment) is deleted first. */
    private void removeStale(String name, String ns) {
        var resource = api.client().pods().inNamespace(ns).withName(name);
        if (api.call("read pod " + name, resource::get) == null) {
            return;
        }
        api.run(
                "delete the old collector pod " + name,
                () -> resource.withGracePeriod(0).delete());
        java.time.Instant deadline = clock.now().plus(startTimeout);
        while (api.call("read pod " + name, resource::get) != null) {
            if (!clock.now().isBefore(deadline)) {
                throw K8sException.execution("the old collector pod " + name + " in namespace " + ns
                        + " is still being deleted; try again in a minute");
            }
            try {
                clock.pause(poll);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new K8sException(K8sException.INTERRUPTED, "interrupted while deleting pod " + name, e);
            }
        }
    }

    private static List<String> lines(java.io.InputStream in) throws IOException {
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    out.add(line.strip());
                }
            }
        }
        return out;
    }
}
