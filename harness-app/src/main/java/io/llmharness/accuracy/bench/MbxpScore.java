package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.exec.CodeRunner;
import io.llmharness.accuracy.exec.Language;
import io.llmharness.accuracy.exec.MbxpProgram;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * mixtral's MBXP score: the rows of the six executed languages (cpp, python, php, javascript, ruby, typescript) run
 * in child processes, a few at a time; {@code mbxp = 100 · passed / rows}. When a language's toolchain is missing the
 * score is not computed and the missing tools are named. Not thread-safe.
 */
final class MbxpScore {

    private record Task(Language language, String program) {}

    private final CodeRunner runner;
    private final List<Task> tasks = new ArrayList<>();
    private int skipped;
    private boolean computed = true;
    private double score;

    MbxpScore(CodeRunner runner) {
        this.runner = runner;
    }

    /** Adds an MBXP row; ids are {@code <language>_<entry point>}. */
    void add(String id, String response, String tests) {
        int cut = id.indexOf('_');
        String lang = cut < 0 ? id : id.substring(0, cut);
        String entry = cut < 0 ? "" : id.substring(cut + 1);
        Language.ofMbxp(lang)
                .ifPresentOrElse(
                        l -> tasks.add(new Task(l, MbxpProgram.of(l, response, tests, entry))), () -> skipped++);
    }

    /** Runs the programs (or records why they cannot run) and reports progress lines. */
    void run(Consumer<String> progress, Results r) {
        if (tasks.isEmpty()) {
            score = 0.0;
            return;
        }
        Map<Language, Integer> perLanguage = new LinkedHashMap<>();
        tasks.forEach(t -> perLanguage.merge(t.language(), 1, Integer::sum));
        TreeSet<String> missing = new TreeSet<>();
        perLanguage.keySet().forEach(l -> missing.addAll(runner.missing(l)));
        if (!missing.isEmpty()) {
            computed = false;
            r.notComputed.add("mbxp: not computed: " + String.join(", ", missing) + " not found on PATH, needed for "
                    + describe(perLanguage) + " (install the toolchains, then run harness accuracy again)");
            return;
        }
        int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger done = new AtomicInteger();
        AtomicInteger passed = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Task t : tasks) {
                futures.add(pool.submit(() -> {
                    if (runner.run(t.language(), t.program()) == CodeRunner.Outcome.PASSED) {
                        passed.incrementAndGet();
                    }
                    int d = done.incrementAndGet();
                    if (d % 500 == 0 || d == tasks.size()) {
                        progress.accept("mbxp: " + d + "/" + tasks.size() + " programs run");
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            computed = false;
            r.notComputed.add("mbxp: not computed: interrupted");
            return;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("mbxp execution failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
        score = 100.0 * passed.get() / tasks.size();
        r.preamble.add("mbxp: " + passed.get() + " of " + tasks.size() + " programs passed (" + describe(perLanguage)
                + (skipped > 0 ? "; " + skipped + " rows of other languages not counted" : "") + ")");
    }

    private static String describe(Map<Language, Integer> perLanguage) {
        List<String> parts = new ArrayList<>();
        perLanguage.forEach((l, n) -> parts.add(n + " " + l.mbxpName()));
        return String.join(", ", parts);
    }

    boolean computed() {
        return computed;
    }

    double score() {
        return score;
    }
}
