package io.llmharness.k8s.launch;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.cluster.Console;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Merging collected launcher directories that are the shards of one run into one report ({@code harness merge},
 * through the {@link ResultsMerger} the application hands in): after a run with {@code -j N}, and after
 * {@code --skip-run} for every experiment whose copied directories hold a {@code shard.json} with a count above 1.
 */
final class ShardMerging {

    /** {@code <harness>_<experiment id>_<workload>_<i>}: the experiment is everything before the last {@code _<i>}. */
    private static final Pattern LAUNCHER_DIR = Pattern.compile("(.+)_(\\d+)");

    /** What {@code harness bench} writes in each run directory; {@code count} is the N of {@code --shard I/N}. */
    static final String SHARD_FILE = "shard.json";

    private final K8sRunSpec spec;
    private final Console console;
    private final ResultsMerger merger;

    ShardMerging(K8sRunSpec spec, Console console, ResultsMerger merger) {
        this.spec = spec;
        this.console = console;
        this.merger = merger;
    }

    /**
     * After a sharded run: merges its copied directories, or says how when there is no merger.
     *
     * @throws K8sException (execution) when the merge fails, with the {@code harness merge} line to run later
     */
    void afterRun(List<String> copied) {
        if (!spec.control().sharded()) {
            return;
        }
        String failure = merge(copied);
        if (failure != null) {
            throw K8sException.execution("the launchers' results were copied to "
                    + spec.control().outputDir() + ", but merging them failed: " + failure);
        }
    }

    /**
     * After {@code --skip-run}: merges the copied directories of each experiment that was a sharded run. Every
     * experiment is tried; a merge that fails is a warning with its {@code harness merge} line.
     *
     * @throws K8sException (execution) after the others, when a merge failed
     */
    void afterSkipRun(List<String> copied) {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byExperiment(copied).entrySet()) {
            List<String> dirs = e.getValue();
            int n = shardCount(dirs);
            if (n <= 1) {
                continue;
            }
            console.info(e.getKey() + ": " + dirs.size() + " of " + n + " shards of one run were copied");
            String failure = merge(dirs);
            if (failure != null) {
                failures.add(e.getKey() + ": " + failure);
            }
        }
        if (failures.size() == 1) {
            throw K8sException.execution("the results were copied to "
                    + spec.control().outputDir() + ", but merging the shards of " + failures.get(0));
        }
        if (failures.size() > 1) {
            failures.forEach(f -> console.warn("merging the shards of " + f));
            throw K8sException.execution(
                    "the results were copied to " + spec.control().outputDir()
                            + ", but merging the shards of " + failures.size() + " experiments failed: see the warnings"
                            + " above for each one's harness merge line");
        }
    }

    /** Merges {@code dirs} (names under the output directory); returns null, or why it failed and what to run. */
    private String merge(List<String> dirs) {
        List<Path> paths =
                dirs.stream().map(d -> spec.control().outputDir().resolve(d)).toList();
        String line = "harness merge "
                + String.join(" ", paths.stream().map(Path::toString).toList()) + " --output-dir "
                + spec.control().outputDir();
        if (merger == null) {
            console.info("the " + dirs.size() + " shards' reports are separate; merge them with: " + line);
            return null;
        }
        console.info("merging the " + dirs.size() + " shards' results into one report: " + line);
        Path merged;
        try {
            merged = merger.merge(paths, spec.control().outputDir(), console.out(), console.err());
        } catch (RuntimeException e) {
            return e.getMessage() + "; fix that, then run: " + line;
        }
        console.info("the merged report of the " + dirs.size() + " shards: " + merged);
        return null;
    }

    /** Launcher directory names grouped by experiment ({@code <harness>_<id>_<workload>}), each in index order. */
    static Map<String, List<String>> byExperiment(List<String> dirs) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (String d : dirs) {
            Matcher m = LAUNCHER_DIR.matcher(d);
            if (m.matches()) {
                groups.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(d);
            }
        }
        groups.values()
                .forEach(list -> list.sort(
                        Comparator.comparing((String d) -> index(d).length()).thenComparing(ShardMerging::index)));
        return groups;
    }

    private static String index(String launcherDir) {
        return launcherDir.substring(launcherDir.lastIndexOf('_') + 1);
    }

    /** The largest shard count in the {@code shard.json} of these launcher directories' run directories; 0 if none. */
    private int shardCount(List<String> dirs) {
        int n = 0;
        for (String d : dirs) {
            n = Math.max(n, shardCount(spec.control().outputDir().resolve(d)));
        }
        return n;
    }

    /** The {@code count} of the {@code shard.json} in {@code dir} or in one of its run directories; 0 if none. */
    static int shardCount(Path dir) {
        List<Path> candidates = new ArrayList<>(List.of(dir.resolve(SHARD_FILE)));
        try (Stream<Path> children = Files.list(dir)) {
            children.filter(Files::isDirectory).sorted().forEach(c -> candidates.add(c.resolve(SHARD_FILE)));
        } catch (IOException e) {
            return 0;
        }
        int n = 0;
        for (Path f : candidates) {
            if (Files.isRegularFile(f)) {
                try {
                    Object count = Serialization.jsonMapper()
                            .readValue(f.toFile(), Map.class)
                            .get("count");
                    n = Math.max(n, count instanceof Integer i ? i : 0);
                } catch (IOException e) {
                    // not a shard file harness merge could read either: not counted as a shard
                }
            }
        }
        return n;
    }
}
