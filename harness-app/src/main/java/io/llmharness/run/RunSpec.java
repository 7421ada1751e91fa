package io.llmharness.run;

import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.client.EndpointType;
import io.llmharness.dataset.Dataset;
import io.llmharness.loadgen.TestSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * One validated MLPerf run: everything resolved from the command line and files before any socket opens.
 * Immutable apart from the dataset's lazily built chat prompts; the LoadGen settings are handed out as copies.
 *
 * @param request what the user asked for (kept for the resolved config)
 * @param benchmark the benchmark, LoadGen target and generation parameters
 * @param dataset the loaded dataset (the rows in use)
 * @param datasetName the dataset as the user named it
 * @param prompts the prompt of every sample
 * @param settings LoadGen settings (use {@link #settings()} for a copy)
 * @param endpoint the API the requests go to
 * @param target where they go
 * @param requestModel the {@code model} field sent (may be replaced by the server's served name at start)
 * @param sut how samples become requests
 * @param runId the run directory's name
 * @param runDir the run directory (created when the run starts)
 * @param warnings one line each, shown before the run starts
 * @param access how the client reaches the servers: API key, headers, TLS, timeouts
 */
public record RunSpec(
        RunRequest request,
        ResolvedBenchmark benchmark,
        Dataset dataset,
        String datasetName,
        PromptTable prompts,
        TestSettings settings,
        EndpointType endpoint,
        Target target,
        String requestModel,
        SutPlan sut,
        String runId,
        Path runDir,
        List<String> warnings,
        AccessPlan access) {

    public RunSpec {
        settings = settings.copy();
        warnings = List.copyOf(warnings);
    }

    /** A fresh copy of the LoadGen settings. */
    @Override
    public TestSettings settings() {
        return settings.copy();
    }

    /** {@code <benchmark> <scenario> <mode>}, e.g. {@code llama3.1-8b Server performance}. */
    public String title() {
        return benchmark.spec().category() + " "
                + benchmark.loadGen().scenario().displayName() + " "
                + benchmark.mode().cliName();
    }
}
