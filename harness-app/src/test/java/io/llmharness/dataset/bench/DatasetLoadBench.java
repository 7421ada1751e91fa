package io.llmharness.dataset.bench;

import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.DatasetLoader;
import io.llmharness.dataset.DatasetOptions;
import io.llmharness.dataset.SyntheticDataset;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Load-time benchmark (not a test): a cnn_eval.json-shaped synthetic dataset (13368 rows, ~800 token ids each) read
 * from JSON, JSON Lines and Parquet, and from the binary cache. Extra files given as arguments (e.g. a large
 * pickle) are measured the same way. Prints the median of several runs per case and the cache speed-up ratio.
 *
 * <p>Run: {@code java -cp <test classpath> io.llmharness.dataset.bench.DatasetLoadBench [rows] [file ...]} for
 * warmed-up numbers in one JVM, or {@code ... DatasetLoadBench once <file> [cacheDir]} for one load in a fresh JVM
 * (what a user running the harness once sees), and {@code ... DatasetLoadBench generate <rows> <file.json>}.
 */
public final class DatasetLoadBench {
    private static final int RUNS = 5;

    private DatasetLoadBench() {}

    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("once")) {
            DatasetOptions o = DatasetOptions.defaults();
            if (args.length > 2) {
                o = o.withCacheDir(Path.of(args[2]));
            }
            var os = (com.sun.management.OperatingSystemMXBean)
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            // The harness initialises logging before it loads a dataset: keep that cost out of the measurement.
            org.slf4j.LoggerFactory.getLogger(DatasetLoadBench.class).debug("logging ready");
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Dataset d = DatasetLoader.load(Path.of(args[1]), o);
            System.out.printf(
                    Locale.ROOT,
                    "%.1f ms wall, %.1f ms cpu: %s%n",
                    (System.nanoTime() - t0) / 1e6,
                    (os.getProcessCpuTime() - cpu0) / 1e6,
                    d.statistics().format());
            return;
        }
        if (args.length > 0 && args[0].equals("generate")) {
            SyntheticDataset.cnnLike(Integer.parseInt(args[1]), 1).writeJson(Path.of(args[2]));
            return;
        }
        measureAll(Path.of(System.getProperty("java.io.tmpdir")), args);
    }

    /**
     * Writes the synthetic files and the cache into a new {@code dataset-bench*} folder in {@code tmp}, measures
     * them and the extra files in {@code args}, and deletes the folder again: when done, when a load fails, and
     * (through a shutdown hook) when the benchmark is interrupted.
     */
    static void measureAll(Path tmp, String[] args) throws IOException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 13368;
        Path dir = Files.createTempDirectory(tmp, "dataset-bench");
        Thread cleanup = new Thread(() -> deleteQuietly(dir), "dataset-bench-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            List<Path> files = new ArrayList<>();
            SyntheticDataset spec = SyntheticDataset.cnnLike(rows, 1);
            files.add(dir.resolve("cnn_like.json"));
            spec.writeJson(files.get(0));
            files.add(dir.resolve("cnn_like.jsonl"));
            spec.writeJsonl(files.get(1));
            files.add(dir.resolve("cnn_like.parquet"));
            spec.writeParquet(files.get(2));
            for (int i = 1; i < args.length; i++) {
                files.add(Path.of(args[i]));
            }
            for (Path f : files) {
                measure(f, dir.resolve("cache"));
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
                deleteTree(dir);
            } catch (IllegalStateException shuttingDown) {
                // interrupted: the hook deletes the folder
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("dataset-bench: could not delete " + dir + ": " + e.getMessage());
        }
    }

    private static void measure(Path file, Path cacheDir) throws IOException {
        Dataset first = DatasetLoader.load(file, DatasetOptions.defaults());
        double parse = median(() -> DatasetLoader.load(file, DatasetOptions.defaults()));
        DatasetOptions cached = DatasetOptions.defaults().withCacheDir(cacheDir);
        DatasetLoader.load(file, cached);
        double cache = median(() -> DatasetLoader.load(file, cached));
        System.out.printf(
                Locale.ROOT,
                "%-28s %6d rows %9d ids %8.1f MB  parse %7.1f ms  cache %6.1f ms  (x%.1f)%n",
                file.getFileName(),
                first.size(),
                first.statistics().totalInputTokens(),
                Files.size(file) / 1e6,
                parse,
                cache,
                parse / cache);
    }

    private static double median(Runnable load) {
        double[] ms = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long t0 = System.nanoTime();
            load.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[RUNS / 2];
    }
}
