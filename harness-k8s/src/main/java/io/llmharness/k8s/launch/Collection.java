package io.llmharness.k8s.launch;

import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.cluster.Api;
import io.llmharness.k8s.cluster.Cleanup;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.collect.ResultsCollector;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** Copying a run's results directories from the PVC, and saying what arrived where. */
final class Collection {

    private final Api api;
    private final K8sRunSpec spec;
    private final ResultsCollector collector;
    private final Console console;

    Collection(Api api, K8sRunSpec spec, ResultsCollector collector, Console console) {
        this.api = api;
        this.spec = spec;
        this.collector = collector;
        this.console = console;
    }

    /**
     * {@code --skip-run}: copies what is on the PVC (one experiment's directories, or all of them).
     *
     * @return the directories copied (at least one)
     */
    List<String> collectOnly(Cleanup cleanup) {
        String pvc = spec.storage().pvcName();
        if (api.call(
                        "read PVC " + pvc,
                        () -> api.client()
                                .persistentVolumeClaims()
                                .inNamespace(spec.namespace())
                                .withName(pvc)
                                .get())
                == null) {
            throw K8sException.execution("--skip-run: PVC " + pvc + " does not exist in namespace " + spec.namespace()
                    + ", so there is nothing to collect (check -k/--pvc and -p/--namespace)");
        }
        String prefix = spec.bench().harness() + "_" + spec.control().experimentId() + "_";
        boolean one = spec.control().experimentIdGiven();
        Predicate<String> select = one ? n -> n.startsWith(prefix) : n -> true;
        String what = one ? "the results of experiment " + spec.control().experimentId() : "every result on the PVC";
        List<String> copied = copy(select, what, cleanup);
        if (copied.isEmpty()) {
            throw K8sException.execution(
                    "--skip-run: nothing to collect on PVC " + pvc + (one ? " for " + prefix + "*" : ""));
        }
        return copied;
    }

    /** Copies this run's N launcher directories; returns the ones that arrived. */
    List<String> collectRun(Cleanup cleanup) {
        List<String> mine = new ArrayList<>();
        for (int i = 0; i < spec.control().parallelism(); i++) {
            mine.add(spec.names().resultsDir(Integer.toString(i)));
        }
        return copy(mine::contains, "the results of " + mine.size() + " launcher(s)", cleanup);
    }

    private List<String> copy(Predicate<String> select, String what, Cleanup cleanup) {
        ResultsCollector.Result r = collector.collect(spec, select, what, cleanup);
        if (!r.directories().isEmpty()) {
            console.info("copied " + r.directories().size() + " result director"
                    + (r.directories().size() == 1 ? "y" : "ies") + " ("
                    + r.stats().files() + " files, "
                    + bytes(r.stats().bytes()) + ") to " + spec.control().outputDir());
            for (String d : r.directories()) {
                console.info("  " + spec.control().outputDir().resolve(d));
            }
            if (r.stats().skipped() > 0) {
                console.warn(r.stats().skipped() + " links or special files were not copied");
            }
        }
        return r.directories();
    }

    static String bytes(long b) {
        if (b < 1024) {
            return b + " B";
        }
        if (b < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MiB", b / (1024.0 * 1024));
    }
}
