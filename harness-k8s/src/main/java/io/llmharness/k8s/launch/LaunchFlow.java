package io.llmharness.k8s.launch;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Mode;
import io.llmharness.k8s.Names;
import io.llmharness.k8s.PodCommand;
import io.llmharness.k8s.cluster.Api;
import io.llmharness.k8s.cluster.Cleanup;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.cluster.LaunchClock;
import io.llmharness.k8s.cluster.PodState;
import io.llmharness.k8s.collect.PodLogs;
import io.llmharness.k8s.collect.ResultsCollector;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A run that starts launchers ({@code RUN} and {@code DEBUG}): set up, start, wait, stop on failure, collect. */
final class LaunchFlow {

    private final Api api;
    private final K8sRunSpec spec;
    private final LaunchClock clock;
    private final Console console;
    private final Timings timings;
    private final ResultsCollector collector;
    private final ResultsMerger merger;

    LaunchFlow(
            Api api,
            K8sRunSpec spec,
            LaunchClock clock,
            Console console,
            Timings timings,
            ResultsCollector collector,
            ResultsMerger merger) {
        this.merger = merger;
        this.api = api;
        this.spec = spec;
        this.clock = clock;
        this.console = console;
        this.timings = timings;
        this.collector = collector;
    }

    int run(Cleanup cleanup) {
        try {
            return launch(cleanup);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted();
        } catch (K8sException e) {
            if (e.getExitCode() == K8sException.INTERRUPTED) {
                throw interrupted();
            }
            throw e;
        }
    }

    private int launch(Cleanup cleanup) throws InterruptedException {
        RunSetup setup = new RunSetup(api, spec, clock, console, timings.poll(), timings.stopWait(), cleanup);
        setup.replaceFinishedJob();
        setup.ensurePvc();
        setup.ensureServiceAccount();
        setup.ensureRbac();
        Optional<Instant> startAt = setup.createConfigMap();
        setup.createJob();
        if (spec.control().mode() == Mode.DEBUG) {
            debugHints(startAt);
            cleanup.keepAll();
            return 0;
        }
        if (spec.control().waitTimeout().isZero()) {
            console.info("-s 0: the launchers run on; nothing is collected or deleted. Later: " + skipRunLine()
                    + "; then: " + deleteLine());
            cleanup.keepAll();
            return 0;
        }
        WaitResult result = new JobWait(api, spec, clock, console, timings.poll())
                .await(clock.now().plus(spec.control().waitTimeout()));
        saveLogs(result.pods());
        if (result.outcome() == WaitResult.Outcome.DONE) {
            console.info(result.message());
            List<String> copied;
            try {
                copied = new Collection(api, spec, collector, console).collectRun(cleanup);
            } catch (K8sException e) {
                if (e.getExitCode() == K8sException.INTERRUPTED) {
                    throw e;
                }
                throw new K8sException(
                        e.getExitCode(),
                        "the launchers finished, but copying their results failed: " + e.getMessage()
                                + "; the results stay on PVC " + spec.storage().pvcName() + ": copy them later with "
                                + skipRunLine(),
                        e);
            }
            if (copied.size() < spec.control().parallelism()) {
                throw K8sException.execution("the launchers finished but only " + copied.size() + " of "
                        + spec.control().parallelism() + " results directories are on PVC "
                        + spec.storage().pvcName() + "; see the launcher logs in "
                        + spec.control().outputDir());
            }
            new ShardMerging(spec, console, merger).afterRun(copied);
            return 0;
        }
        explain(result);
        if (!spec.control().keep()) {
            stopLaunchers();
        }
        try {
            new Collection(api, spec, collector, console).collectRun(cleanup);
        } catch (K8sException e) {
            console.warn("could not copy the partial results: " + e.getMessage());
        }
        if (result.onlyInvalidResults()) {
            throw new K8sException(K8sException.INVALID, result.message() + ": the benchmark's result is INVALID");
        }
        throw K8sException.execution(result.message() + "; what the launchers wrote was copied to "
                + spec.control().outputDir());
    }

    /** Prints the failed pod's last log lines and every launcher's state. */
    private void explain(WaitResult result) {
        result.culprit().ifPresent(p -> {
            if (p.phase() == PodState.Phase.FAILED) {
                console.detail("last " + timings.logLines() + " log lines of pod " + p.name() + ":");
                for (String line : new PodLogs(api).tail(p.name(), timings.logLines())) {
                    console.detail("  | " + line);
                }
            }
        });
        for (PodState p : result.pods()) {
            console.detail("  " + p.describe());
        }
    }

    /** Deletes the Job and its pods, and waits (bounded) until the pods are gone so their last files are written. */
    private void stopLaunchers() throws InterruptedException {
        String job = spec.names().job();
        var pods = api.client()
                .pods()
                .inNamespace(spec.namespace())
                .withLabels(spec.names().launcherSelector());
        api.run("stop Job " + job, () -> {
            api.client()
                    .batch()
                    .v1()
                    .jobs()
                    .inNamespace(spec.namespace())
                    .withName(job)
                    .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                    .delete();
            pods.delete();
        });
        console.info("stopped the launchers (deleted Job " + job + "); waiting for them to write what they measured");
        Instant deadline = clock.now().plus(timings.stopWait());
        while (!api.call("list the launcher pods", () -> pods.list().getItems()).isEmpty()
                && clock.now().isBefore(deadline)) {
            clock.pause(timings.poll());
        }
    }

    /** Each launcher's whole log goes next to its results: {@code <output>/<prefix>_<i>/<pod>.log}. */
    private void saveLogs(List<PodState> pods) {
        PodLogs logs = new PodLogs(api);
        for (PodState p : pods) {
            String dir = spec.names().resultsDir(Integer.toString(Math.max(p.index(), 0)));
            Path file = spec.control().outputDir().resolve(dir).resolve(p.name() + ".log");
            String failure = logs.save(p.name(), file);
            if (failure != null) {
                console.warn("could not save the log of pod " + p.name() + ": " + failure);
            }
        }
    }

    private void debugHints(Optional<Instant> startAt) {
        String ns = spec.namespace();
        String job = spec.names().job();
        int n = spec.control().parallelism();
        console.info("debug: " + n + " launcher pod" + (n == 1 ? "" : "s") + " of Job " + job
                + " sleep instead of running the benchmark; nothing is collected or deleted");
        if (n == 1) {
            console.info("open a shell: kubectl exec -it -n " + ns + " job/" + job + " -- sh");
        } else {
            console.info("list them: kubectl get pods -n " + ns + " -l " + Names.EXPERIMENT_LABEL + "="
                    + spec.control().experimentId() + "; open a shell: kubectl exec -it -n " + ns + " <pod> -- sh");
        }
        String start = startAt.map(Instant::toString).orElse("");
        for (int i = 0; i < n; i++) {
            List<String> args = PodCommand.args(spec, Integer.toString(i), start);
            console.info((n == 1 ? "run" : "in pod " + i + " run") + ": harness " + PodCommand.shellLine(args));
        }
        console.info("when done: " + deleteLine());
    }

    private String skipRunLine() {
        return "harness k8s run --skip-run -p " + spec.namespace() + " -l "
                + spec.bench().harness() + " -k " + spec.storage().pvcName() + " --experiment-id "
                + spec.control().experimentId();
    }

    private String deleteLine() {
        return "kubectl delete job,configmap,role,rolebinding,serviceaccount -l " + Names.EXPERIMENT_LABEL + "="
                + spec.control().experimentId() + " -n " + spec.namespace();
    }

    private K8sException interrupted() {
        return new K8sException(
                K8sException.INTERRUPTED,
                "interrupted" + (spec.control().keep() ? " (the launchers keep running: --keep)" : "")
                        + "; what the launchers wrote stays on PVC "
                        + spec.storage().pvcName() + ": copy it with "
                        + skipRunLine());
    }
}
