package io.llmharness.k8s.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.PodCommand;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.launch.Launcher;
import io.llmharness.k8s.manifest.DryRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness k8s run}: llm-d-benchmark's {@code run.sh} on Kubernetes. Creates the PVC (when missing), the
 * launchers' service account and read-only Role, the {@code <harness>-profiles} ConfigMap and the launcher Job
 * (Indexed when {@code -j N > 1}), waits for it, copies the results from the PVC to {@code --output-dir} and
 * deletes what it created. This class only maps flags to a {@link K8sRunSpec} and failures to exit codes.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run a workload profile on Kubernetes as launcher pods, collect the results from the PVC, clean up.",
            "Flags and LLMDBENCH_* variables as llm-d-benchmark's run.sh; the cluster is the kubeconfig's current"
                    + " context (KUBECONFIG)."
        })
public final class K8sRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    WorkloadFlags workload;

    @Mixin
    PodFlags pod;

    @Mixin
    StorageFlags storage;

    @Mixin
    ControlFlags control;

    @Parameters(
            paramLabel = "BENCH_ARG",
            description = "After --: more `harness bench` arguments for the launchers (e.g. -- --seed 7).")
    List<String> benchArgs = new ArrayList<>();

    private final K8sEnvironment env;

    K8sRunCommand(K8sEnvironment env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            K8sRunSpec launch = resolve();
            if (control.dryRun(env.env())) {
                printDryRun(launch, out);
                return 0;
            }
            try (KubernetesClient client = openClient();
                    SignalTrap trap = env.trapSignals() ? SignalTrap.install(Thread.currentThread()) : null) {
                return new Launcher(client, env.clock(), new Console(out, err), env.timings(), env.merger())
                        .run(launch);
            }
        } catch (K8sException e) {
            out.flush();
            err.println("harness: " + e.getMessage());
            if (env.env().get("HARNESS_DEBUG") != null) {
                e.printStackTrace(err);
            }
            err.flush();
            return e.getExitCode();
        }
    }

    private KubernetesClient openClient() {
        try {
            return env.clients().get();
        } catch (RuntimeException e) {
            throw K8sException.execution(
                    "cannot set up the Kubernetes client from the kubeconfig (" + e.getMessage()
                            + "); check KUBECONFIG and `kubectl config current-context`",
                    e);
        }
    }

    /** Flags, variables and defaults, validated, as one spec. */
    K8sRunSpec resolve() {
        if (!benchArgs.isEmpty()
                && !spec.commandLine().getParseResult().originalArgs().contains("--")) {
            throw new K8sException(
                    K8sException.USAGE,
                    "harness k8s run: unexpected argument '" + benchArgs.get(0)
                            + "'; put harness bench arguments after --");
        }
        String harness = workload.harness(env.env());
        K8sRunSpec.Control ctl = control.control(env.env(), env.clock().now());
        K8sRunSpec.Bench bench = workload.bench(harness, env.profiles(), benchArgs, env.env());
        if (harness.equals(PodCommand.NOP) && ctl.sharded() && ctl.mode() != io.llmharness.k8s.Mode.SKIP_RUN) {
            Pick j =
                    Pick.of(control.parallelism, "--parallelism", env.env(), "1", "LLMDBENCH_HARNESS_LOAD_PARALLELISM");
            throw K8sException.badValue(
                    j.from(),
                    j.shown() + ": the nop harness reads one server's log and sends no load, so it runs as one"
                            + " launcher: drop it (or set 1)");
        }
        if (ctl.mode() != io.llmharness.k8s.Mode.SKIP_RUN && PodCommand.nopWithoutEndpoint(bench)) {
            throw new K8sException(
                    K8sException.CONFIG,
                    "-l nop: the launcher finds the vLLM standalone pod from " + PodCommand.ENDPOINT_VAR
                            + ", which is not set: export it (http://<deployment>.<namespace>.svc.cluster.local:80),"
                            + " or name the pod after --: -- --server-pod NAME");
        }
        return new K8sRunSpec(
                pod.namespace(env.env()),
                bench,
                pod.settings(harness, defaultImage(), env.env()),
                storage.storage(env.env()),
                ctl);
    }

    private void printDryRun(K8sRunSpec launch, PrintWriter out) {
        int n = launch.control().parallelism();
        out.println("# harness k8s run --dry-run: nothing was applied. Namespace " + launch.namespace() + ", " + n
                + " launcher" + (n == 1 ? "" : "s") + ", experiment "
                + launch.control().experimentId() + ", mode "
                + launch.control().mode().name().toLowerCase(java.util.Locale.ROOT) + ".");
        out.println("# launcher command: harness " + PodCommand.shellLine(PodCommand.args(launch)));
        if (n > 1) {
            out.println("# start-at below is an example: a real run takes it from the API server's clock plus "
                    + launch.control().startDelay().toSeconds() + " s");
        }
        out.print(DryRun.yaml(
                DryRun.manifests(launch, env.clock().now().plus(launch.control().startDelay()))));
        out.flush();
    }

    /** {@code llm-harness:<version>}: the name the documented image build gives the image. */
    static String defaultImage() {
        Properties p = new Properties();
        try (InputStream in = K8sRunCommand.class.getResourceAsStream("k8s.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // the fallback below
        }
        String v = p.getProperty("version", "latest");
        return "llm-harness:" + (v.contains("${") ? "latest" : v);
    }
}
