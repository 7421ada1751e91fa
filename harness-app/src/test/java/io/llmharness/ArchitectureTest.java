package io.llmharness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the module and package graph one-way: loadgen depends on nothing of ours, simulator only on itself,
 * and the concerns of the application (cli, client, dataset, …) form no cycle. Reads the main sources of all
 * modules, so a violation is caught before anything runs.
 */
class ArchitectureTest {

    private static final Pattern REFERENCE =
            Pattern.compile("\\bio\\.llmharness\\.([a-z][a-z0-9_]*)(?:\\.[a-z][a-z0-9_]*)*\\.[A-Z*]");

    /** Top-level concern (first package segment under io.llmharness) → the concerns its sources reference. */
    private static Map<String, Set<String>> concernGraph(String module) {
        Map<String, Set<String>> graph = new TreeMap<>();
        Path src = repositoryRoot().resolve(module).resolve("src/main/java/io/llmharness");
        try (Stream<Path> files = Files.walk(src)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String concern = src.relativize(file).getName(0).toString();
                if (concern.endsWith(".java")) {
                    concern = "(root)";
                }
                Set<String> targets = graph.computeIfAbsent(concern, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(Files.readString(file));
                while (m.find()) {
                    if (!m.group(1).equals(concern)) {
                        targets.add(m.group(1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return graph;
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("loadgen/pom.xml"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("repository root above the working directory").isNotNull();
        return dir;
    }

    @Test
    void loadgenReferencesOnlyItself() {
        concernGraph("loadgen")
                .forEach((concern, targets) -> assertThat(targets)
                        .as("packages referenced from io.llmharness.%s in loadgen", concern)
                        .isEmpty());
    }

    @Test
    void simulatorReferencesOnlyItself() {
        concernGraph("simulator")
                .forEach((concern, targets) -> assertThat(targets)
                        .as("packages referenced from io.llmharness.%s in simulator", concern)
                        .isEmpty());
    }

    @Test
    void theKubernetesModuleReferencesOnlyItself() {
        concernGraph("harness-k8s")
                .forEach((concern, targets) -> assertThat(targets)
                        .as("packages referenced from io.llmharness.%s in harness-k8s", concern)
                        .isEmpty());
    }

    /** Inside harness-k8s: root ← manifest ← cluster ← collect ← launch ← cli, never upward. */
    @Test
    void theKubernetesPackagesPointOneWay() {
        List<String> layers = List.of("(root)", "manifest", "cluster", "collect", "launch", "cli");
        Path src = repositoryRoot().resolve("harness-k8s/src/main/java/io/llmharness/k8s");
        Pattern ref = Pattern.compile("\\bio\\.llmharness\\.k8s\\.([a-z]+)\\.[A-Z]");
        try (Stream<Path> files = Files.walk(src)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path rel = src.relativize(file);
                String layer =
                        rel.getNameCount() == 1 ? "(root)" : rel.getName(0).toString();
                Matcher m = ref.matcher(Files.readString(file));
                while (m.find()) {
                    assertThat(layers.indexOf(m.group(1)))
                            .as("%s references io.llmharness.k8s.%s", rel, m.group(1))
                            .isLessThanOrEqualTo(layers.indexOf(layer));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void nothingDependsOnTheCommandLine() {
        concernGraph("harness-app")
                .forEach((concern, targets) -> assertThat(targets)
                        .as("io.llmharness.%s must not reference io.llmharness.cli", concern)
                        .doesNotContain("cli"));
    }

    /**
     * One run pipeline: the command line maps flags and exit codes, while runs (LoadGen, its SUTs and QSLs, its
     * config files) are driven from {@code run}, so cli names none of LoadGen's driving types.
     */
    @Test
    void theCommandLineDrivesNoLoadGen() {
        Pattern driving = Pattern.compile("\\bio\\.llmharness\\.loadgen\\.((LoadGen|SystemUnderTest|QuerySampleLibrary"
                + "|IssuedQuery|ConfigFiles)\\b|config\\.|selftest\\.)");
        Path cli = repositoryRoot().resolve("harness-app/src/main/java/io/llmharness/cli");
        try (Stream<Path> files = Files.walk(cli)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = driving.matcher(Files.readString(file));
                boolean found = m.find();
                assertThat(found)
                        .as(
                                "%s references %s: drive it from io.llmharness.run",
                                cli.relativize(file), found ? m.group() : "")
                        .isFalse();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Accuracy scoring works on files alone: it reads datasets, benchmark specs, the simulator's vocabulary and where
     * a run keeps LoadGen's logs (the dependency-free loadgen module), but never the run pipeline, the HTTP client or
     * the reports, so {@code harness accuracy} needs no server code.
     */
    @Test
    void accuracyReadsOnlyFilesAndSpecs() {
        assertThat(concernGraph("harness-app").get("accuracy"))
                .as("concerns referenced from io.llmharness.accuracy")
                .isSubsetOf(Set.of("benchmark", "dataset", "error", "loadgen", "simulator"));
    }

    /**
     * Inside accuracy the metric helpers (text, rouge, punkt, answer, decode, exec) sit at the bottom: they never
     * reach the evaluator model, the evaluators, the orchestration or TEST06.
     */
    @Test
    void accuracyMetricPackagesStayAtTheBottom() {
        Pattern up = Pattern.compile("\\bio\\.llmharness\\.accuracy\\.(?:(bench|scoring|test06|synth)\\.|[A-Z])");
        Path accuracy = repositoryRoot().resolve("harness-app/src/main/java/io/llmharness/accuracy");
        for (String helper : List.of("text", "rouge", "punkt", "answer", "decode", "exec")) {
            try (Stream<Path> files = Files.walk(accuracy.resolve(helper))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = up.matcher(Files.readString(file));
                    boolean found = m.find();
                    assertThat(found)
                            .as("%s references %s", accuracy.relativize(file), found ? m.group() : "")
                            .isFalse();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * One simple name per type in main code, over every module: a reader (and an import) never has to tell two
     * {@code Json}s or two {@code TestMode}s apart. package-info files do not count.
     */
    @Test
    void everyMainTypeHasItsOwnSimpleName() {
        Map<String, List<String>> byName = new TreeMap<>();
        try (Stream<Path> files = Files.walk(repositoryRoot())) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().contains("/src/main/java/"))
                    .filter(f -> !f.getFileName().toString().equals("package-info.java"))
                    .forEach(f -> byName.computeIfAbsent(f.getFileName().toString(), k -> new ArrayList<>())
                            .add(repositoryRoot().relativize(f).toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byName.values().removeIf(paths -> paths.size() < 2);
        assertThat(byName)
                .as("main types sharing a simple name (rename one of each)")
                .isEmpty();
    }

    @Test
    void applicationConcernsFormNoCycle() {
        Map<String, Set<String>> graph = concernGraph("harness-app");
        assertThat(findCycle(graph))
                .as("dependency cycle between packages of harness-app")
                .isEmpty();
    }

    /** Returns one cycle (as a path a → b → … → a) or an empty list. */
    static List<String> findCycle(Map<String, Set<String>> graph) {
        Map<String, Integer> state = new HashMap<>(); // 1 = on stack, 2 = done
        for (String start : graph.keySet()) {
            Deque<String> path = new ArrayDeque<>();
            List<String> cycle = visit(start, graph, state, path);
            if (!cycle.isEmpty()) {
                return cycle;
            }
        }
        return List.of();
    }

    private static List<String> visit(
            String node, Map<String, Set<String>> graph, Map<String, Integer> state, Deque<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) {
            return List.of();
        }
        if (s != null && s == 1) {
            List<String> cycle = new ArrayList<>();
            boolean in = false;
            for (String p : (Iterable<String>) path::descendingIterator) {
                in |= p.equals(node);
                if (in) {
                    cycle.add(p);
                }
            }
            cycle.add(node);
            return cycle;
        }
        state.put(node, 1);
        path.push(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            List<String> cycle = visit(next, graph, state, path);
            if (!cycle.isEmpty()) {
                return cycle;
            }
        }
        path.pop();
        state.put(node, 2);
        return List.of();
    }

    @Test
    void cycleFinderFindsACycle() {
        assertThat(findCycle(new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a")))))
                .containsExactly("a", "b", "c", "a");
        assertThat(findCycle(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of())))
                .isEmpty();
    }
}
