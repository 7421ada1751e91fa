package io.llmharness.cli.sim;

import io.llmharness.simulator.Parallelism;
import picocli.CommandLine.Option;

/** {@link Parallelism}: engines and worker processes. */
final class ParallelismFlags {
    @Option(
            names = {"--tensor-parallel-size", "-tp", "--tp", "--tp-size"},
            description = "Tensor-parallel size: number of worker processes (default: ${DEFAULT-VALUE}).")
    int tensorParallelSize = Parallelism.DEFAULTS.tensorParallelSize();

    @Option(
            names = {"--data-parallel-size", "-dp", "--dp", "--dp-size"},
            description = "Independent engines behind the port (default: ${DEFAULT-VALUE}).")
    int dataParallelSize = Parallelism.DEFAULTS.dataParallelSize();

    /**
     * On, unlike the embedded simulator's default: a server started from the command line has worker processes, as a
     * real one does, so that a server manager's process handling is exercised.
     */
    @Option(
            names = "--worker-processes",
            negatable = true,
            fallbackValue = "true",
            description = "Spawn one idle worker process per TP rank (default: ${DEFAULT-VALUE}).")
    boolean workerProcesses = true;

    Parallelism toParallelism() {
        return new Parallelism(dataParallelSize, tensorParallelSize, workerProcesses);
    }
}
