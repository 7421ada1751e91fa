package io.llmharness.k8s.launch;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Merges the collected results of a sharded run ({@code -j N}) into one report: {@code harness merge}, which lives
 * in the application and is handed to the launcher by it (this module does not depend on the application).
 */
@FunctionalInterface
public interface ResultsMerger {

    /**
     * Merges the launchers' results directories.
     *
     * @param dirs the collected launcher directories (each holds one shard's run directory)
     * @param outputDir where the merged run directory goes
     * @param out progress and the merged report's lines
     * @param err warnings
     * @return the merged run directory
     * @throws RuntimeException whose message says why the shards could not be merged
     */
    Path merge(List<Path> dirs, Path outputDir, PrintWriter out, PrintWriter err);
}
