package io.llmharness.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Run directory names: {@code <yyyyMMdd>-<HHmmss>-<benchmark>-<scenario>-<mode>}, e.g.
 * {@code 20261121-142530-llama3.1-8b-server-performance}, readable and sorted by time. A name that is taken gets
 * {@code -2}, {@code -3}, … appended.
 */
final class RunNaming {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private RunNaming() {}

    static String id(LocalDateTime when, String benchmark, String scenario, String mode) {
        return STAMP.format(when) + "-" + clean(benchmark) + "-" + clean(scenario) + "-" + clean(mode);
    }

    /** {@code base}, or the first free {@code base-N}, inside {@code outputDir}. */
    static String unique(Path outputDir, String base) {
        String id = base;
        for (int n = 2; Files.exists(outputDir.resolve(id)); n++) {
            id = base + "-" + n;
        }
        return id;
    }

    private static String clean(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-");
    }
}
