package io.llmharness.cli.sim;

import io.llmharness.simulator.Identity;
import io.llmharness.simulator.SimulatorOptions;
import java.util.Locale;
import java.util.function.Predicate;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Option;

/**
 * The {@code harness sim} flags, one mixin per group of {@link SimulatorOptions}. Names follow vLLM, SGLang and
 * llm-d-inference-sim where they exist (aliases included), so real launch command lines work; units are in each
 * description, defaults come from the groups.
 */
public final class SimFlags {
    @Mixin
    IdentityFlags identity = new IdentityFlags();

    @Mixin
    HttpFlags http = new HttpFlags();

    @Mixin
    CapacityFlags capacity = new CapacityFlags();

    @Mixin
    ParallelismFlags parallelism = new ParallelismFlags();

    @Option(
            names = {"--seed", "--random-seed"},
            description = "Server seed (default: ${DEFAULT-VALUE}).")
    long seed = SimulatorOptions.defaults().seed();

    @Mixin
    LatencyFlags latency = new LatencyFlags();

    @Mixin
    StreamingFlags streaming = new StreamingFlags();

    @Mixin
    CompatibilityFlags compatibility = new CompatibilityFlags();

    @Mixin
    AdmissionFlags admission = new AdmissionFlags();

    @Mixin
    LifecycleFlags lifecycle = new LifecycleFlags();

    @Mixin
    FaultFlags faults = new FaultFlags();

    @Mixin
    ProfilingFlags profiling = new ProfilingFlags();

    @Mixin
    RecordingFlags recording = new RecordingFlags();

    /**
     * The simulator options these flags describe.
     *
     * @param given whether a flag (any of its names) was on the command line: some defaults depend on other flags
     * @throws IllegalArgumentException naming the flag of a value out of range
     */
    public SimulatorOptions toOptions(Predicate<String> given) {
        Identity id = identity.toIdentity();
        return new SimulatorOptions(
                id,
                http.toHttp(id.persona()),
                capacity.toCapacity(given),
                parallelism.toParallelism(),
                latency.toLatency(given),
                streaming.toStreaming(),
                compatibility.toCompatibility(),
                admission.toAdmission(),
                lifecycle.toLifecycle(),
                faults.toFaults(),
                profiling.toProfiling(),
                recording.toRecording(),
                seed,
                null);
    }

    /**
     * Shows an enum default the way users type it ({@code vllm}, not {@code VLLM}); every other default is the
     * field's initial value, taken from the option groups.
     */
    public static final class EnumDefaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec argSpec) {
            return argSpec.initialValue() instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : null;
        }
    }
}
