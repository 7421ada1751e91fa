package io.llmharness.k8s.launch;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Mode;
import io.llmharness.k8s.cluster.Api;
import io.llmharness.k8s.cluster.Cleanup;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.cluster.LaunchClock;
import io.llmharness.k8s.collect.ResultsCollector;
import java.util.List;

/**
 * Runs llm-d's launcher flow on a cluster: make sure the PVC and the service account exist, write the profile
 * ConfigMap, start the launcher Job, wait for it (failing fast on stuck or failed pods), copy the results from the
 * PVC to the output directory, merge a sharded run's results into one report (when given a merger), and delete
 * what the run created unless {@code --keep}. {@code --skip-run} only copies (and merges what were the shards of
 * one run); {@code --debug} and {@code -s 0} start the launchers and return, leaving them in place.
 */
public final class Launcher {

    private final KubernetesClient client;
    private final LaunchClock clock;
    private final Console console;
    private final Timings timings;
    private final ResultsMerger merger;

    public Launcher(KubernetesClient client, LaunchClock clock, Console console, Timings timings) {
        this(client, clock, console, timings, null);
    }

    /** A launcher that merges a sharded run's collected results with {@code merger} (null: it only says how). */
    public Launcher(
            KubernetesClient client, LaunchClock clock, Console console, Timings timings, ResultsMerger merger) {
        this.client = client;
        this.clock = clock;
        this.console = console;
        this.timings = timings;
        this.merger = merger;
    }

    /**
     * Runs {@code spec}.
     *
     * @return the exit code: 0 when every launcher finished and the results were copied
     * @throws K8sException when the run fails (its message is the one line to show; detail was printed before)
     */
    public int run(K8sRunSpec spec) {
        Api api = new Api(client, spec.namespace());
        Cleanup cleanup = new Cleanup(console);
        try {
            if (spec.control().mode() == Mode.SKIP_RUN) {
                List<String> copied = new Collection(api, spec, collector(api), console).collectOnly(cleanup);
                new ShardMerging(spec, console, merger).afterSkipRun(copied);
                return 0;
            }
            return new LaunchFlow(api, spec, clock, console, timings, collector(api), merger).run(cleanup);
        } finally {
            if (spec.control().keep()) {
                if (!cleanup.isEmpty()) {
                    console.info("kept (--keep): " + String.join(", ", cleanup.remaining()));
                }
                cleanup.keepAll();
            } else {
                cleanup.deleteAll();
            }
        }
    }

    private ResultsCollector collector(Api api) {
        return new ResultsCollector(api, clock, console, timings.poll(), timings.podStart());
    }
}
