package io.llmharness.simulator;

/**
 * How many engines and worker processes stand behind the one port.
 *
 * @param dataParallelSize independent engines, each with its own running slots and KV cache
 *     ({@code --data-parallel-size}); default {@value #DEFAULT_DATA_PARALLEL_SIZE}
 * @param tensorParallelSize tensor-parallel size: reported, and the number of worker processes when those are on
 *     ({@code --tensor-parallel-size}); default {@value #DEFAULT_TENSOR_PARALLEL_SIZE}
 * @param workerProcesses spawn {@code tensorParallelSize} idle child processes named like the real workers
 *     ({@code VLLM::Worker_TP0}, {@code sglang::scheduler_TP0}); they are stopped on {@link SimulatorServer#close()}
 *     but survive a SIGKILL of this process, like real workers ({@code --worker-processes}); default
 *     {@value #DEFAULT_WORKER_PROCESSES} ({@code harness sim} turns them on)
 */
public record Parallelism(int dataParallelSize, int tensorParallelSize, boolean workerProcesses)
        implements SimulatorOptions.Group {
    /** Default {@link #dataParallelSize()}. */
    public static final int DEFAULT_DATA_PARALLEL_SIZE = 1;
    /** Default {@link #tensorParallelSize()}. */
    public static final int DEFAULT_TENSOR_PARALLEL_SIZE = 1;
    /** Default {@link #workerProcesses()}: none in process, where a test would have to reap them. */
    public static final boolean DEFAULT_WORKER_PROCESSES = false;
    /** The defaults: one engine, no worker processes. */
    public static final Parallelism DEFAULTS =
            new Parallelism(DEFAULT_DATA_PARALLEL_SIZE, DEFAULT_TENSOR_PARALLEL_SIZE, DEFAULT_WORKER_PROCESSES);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Parallelism {
        Check.positive("dataParallelSize (--data-parallel-size)", dataParallelSize);
        Check.positive("tensorParallelSize (--tensor-parallel-size)", tensorParallelSize);
    }

    /** This many engines. */
    public Parallelism withDataParallelSize(int value) {
        return new Parallelism(value, tensorParallelSize, workerProcesses);
    }

    /** This tensor-parallel size. */
    public Parallelism withTensorParallelSize(int value) {
        return new Parallelism(dataParallelSize, value, workerProcesses);
    }

    /** Worker processes on or off. */
    public Parallelism withWorkerProcesses(boolean value) {
        return new Parallelism(dataParallelSize, tensorParallelSize, value);
    }
}
