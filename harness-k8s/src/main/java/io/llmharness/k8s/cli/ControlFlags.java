package io.llmharness.k8s.cli;

import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Mode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import picocli.CommandLine.Option;

/** How the run is driven: parallelism, waiting, skip-run, debug, dry-run, keep, output. */
final class ControlFlags {

    @Option(
            names = {"-j", "--parallelism"},
            paramLabel = "N",
            description = "Launcher pods: an Indexed Job whose pod I runs `harness bench --shard I/N` (default:"
                    + " LLMDBENCH_HARNESS_LOAD_PARALLELISM, else 1).")
    String parallelism;

    @Option(
            names = {"-s", "--wait"},
            paramLabel = "SECONDS",
            description = "How long to wait for the launchers; 0 = start them and return, collecting nothing"
                    + " (default: LLMDBENCH_HARNESS_WAIT_TIMEOUT, else 3600).")
    String wait;

    @Option(
            names = "--start-delay",
            paramLabel = "SECONDS",
            description = "With N > 1: the shards start together this long after the ConfigMap is written; longer"
                    + " than scheduling plus image pull (default 60).")
    String startDelay;

    @Option(
            names = {"-z", "--skip", "--skip-run"},
            description = "Start nothing; only copy what is on the PVC (one experiment with --experiment-id, else"
                    + " all), and merge the shards of each sharded run copied. Default from"
                    + " LLMDBENCH_HARNESS_SKIP_RUN.")
    Boolean skipRun;

    @Option(
            names = {"-d", "--debug"},
            description = "The launchers sleep instead of running; exec in and run the printed command. Nothing is"
                    + " collected or deleted. Default from LLMDBENCH_HARNESS_DEBUG.")
    Boolean debug;

    @Option(
            names = {"-n", "--dry-run"},
            description = "Print every manifest as YAML and apply nothing (default: LLMDBENCH_CONTROL_DRY_RUN).")
    Boolean dryRun;

    @Option(names = "--keep", description = "Leave the Job, ConfigMap, RBAC objects and collector pod in place.")
    boolean keep;

    @Option(
            names = "--output-dir",
            paramLabel = "DIR",
            description = "Where results are copied: DIR/<harness>_<experiment>_<workload>_<i>/ (default:"
                    + " harness_output).")
    Path outputDir;

    @Option(
            names = "--experiment-id",
            paramLabel = "ID",
            description = "llm-d's experiment id, in results directory names and labels (default:"
                    + " LLMDBENCH_RUN_EXPERIMENT_ID, else the current time in epoch seconds).")
    String experimentId;

    /** Whether to print manifests instead of applying them. */
    boolean dryRun(Map<String, String> env) {
        return dryRun != null ? dryRun : Checks.bool(Pick.of(null, "--dry-run", env, "0", "LLMDBENCH_CONTROL_DRY_RUN"));
    }

    K8sRunSpec.Control control(Map<String, String> env, Instant now) {
        boolean skip = skipRun != null
                ? skipRun
                : Checks.bool(Pick.of(null, "--skip-run", env, "0", "LLMDBENCH_HARNESS_SKIP_RUN"));
        boolean dbg =
                debug != null ? debug : Checks.bool(Pick.of(null, "--debug", env, "0", "LLMDBENCH_HARNESS_DEBUG"));
        if (skip && dbg) {
            throw K8sException.badValue(
                    "--skip-run",
                    "--skip-run and --debug exclude each other: one collects"
                            + " without starting launchers, the other starts launchers that wait for you");
        }
        Pick id = Pick.of(
                experimentId,
                "--experiment-id",
                env,
                Long.toString(now.getEpochSecond()),
                "LLMDBENCH_RUN_EXPERIMENT_ID");
        return new K8sRunSpec.Control(
                skip ? Mode.SKIP_RUN : dbg ? Mode.DEBUG : Mode.RUN,
                Checks.integer(
                        Pick.of(parallelism, "--parallelism", env, "1", "LLMDBENCH_HARNESS_LOAD_PARALLELISM"), 1, 1000),
                Duration.ofSeconds(Checks.integer(
                        Pick.of(wait, "--wait", env, "3600", "LLMDBENCH_HARNESS_WAIT_TIMEOUT"), 0, 31 * 24 * 3600)),
                Duration.ofSeconds(Checks.integer(Pick.of(startDelay, "--start-delay", env, "60"), 0, 24 * 3600)),
                keep,
                outputDir == null ? Path.of("harness_output") : outputDir,
                Checks.experimentId(id),
                id.given());
    }
}
