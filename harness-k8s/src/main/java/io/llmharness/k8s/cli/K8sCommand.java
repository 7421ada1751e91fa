package io.llmharness.k8s.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code harness k8s}: run the benchmark on Kubernetes, llm-d-benchmark's launcher flow. */
@Command(
        name = "k8s",
        mixinStandardHelpOptions = true,
        description = "Run workload profiles on Kubernetes as launcher pods (llm-d-benchmark's run.sh flow).")
public final class K8sCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** {@code harness k8s} with its subcommands, for {@code env}. */
    public static CommandLine commandLine(K8sEnvironment env) {
        return new CommandLine(new K8sCommand()).addSubcommand("run", new K8sRunCommand(env));
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
