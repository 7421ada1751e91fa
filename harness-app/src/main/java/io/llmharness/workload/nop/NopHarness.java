package io.llmharness.workload.nop;

import io.llmharness.error.HarnessException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code nop} harness: no load, only a vLLM server log — the one the harness wrote when it started the server,
 * or any file — turned into the load-time report of llm-d-benchmark's nop harness. Writes into {@code runDir}:
 *
 * <ul>
 *   <li>{@code result.yaml} — the native result (scenario, per-server figures, category tree, run times);
 *   <li>{@code benchmark_report/result.yaml} — the llm-d Benchmark Report v0.1;
 *   <li>{@code vLLM_Standalone/vllm.log} (a copy of the log) and {@code vLLM_Standalone/categories.log} (how each
 *       phase was found);
 *   <li>{@code analysis/result.txt} — the text report, which is also printed to {@code out}.
 * </ul>
 *
 * The environment supplies what the log may not say: {@code LLMDBENCH_DEPLOY_CURRENT_MODEL} (model name) and
 * {@code LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT} (load format). Nothing is sent to a server.
 */
public final class NopHarness {

    /** The name of the measured server in reports (a standalone vLLM). */
    public static final String SERVER_NAME = "vLLM Standalone";

    private NopHarness() {}

    /**
     * Parses {@code serverLog} and writes the reports into {@code runDir}.
     *
     * @param serverLog the vLLM server log (at DEBUG level all phases are found)
     * @param runDir the run directory (created if missing)
     * @param env the environment ({@code LLMDBENCH_*} variables above)
     * @param out where the report and warnings are printed
     * @return the result, the files written and the exit code
     * @throws HarnessException (config, exit 3) when the log is missing, unreadable or empty; (execution, exit 1)
     *     when a report cannot be written
     */
    public static NopOutcome run(Path serverLog, Path runDir, Map<String, String> env, PrintWriter out) {
        return run(serverLog, runDir, env, out, out, Clock.systemUTC());
    }

    /**
     * The same, with the warnings on their own writer ({@code harness bench} prints results on stdout and warnings
     * on stderr).
     *
     * @param warn where the {@code harness: warning:} lines go
     */
    public static NopOutcome run(
            Path serverLog, Path runDir, Map<String, String> env, PrintWriter out, PrintWriter warn) {
        return run(serverLog, runDir, env, out, warn, Clock.systemUTC());
    }

    static NopOutcome run(Path serverLog, Path runDir, Map<String, String> env, PrintWriter out, Clock clock) {
        return run(serverLog, runDir, env, out, out, clock);
    }

    private static NopOutcome run(
            Path serverLog, Path runDir, Map<String, String> env, PrintWriter out, PrintWriter warn, Clock clock) {
        Instant start = clock.instant();
        List<String> text = read(serverLog);
        VllmLog log = VllmLog.parse(text, year(serverLog, text, clock));
        ServerLoad server =
                ServerLogParser.parse(SERVER_NAME, serverLog.getFileName().toString(), log);
        NopResult result = NopResult.of(server, env, start, clock.instant());
        List<String> warnings = warnings(server, serverLog);

        Path serverDir = runDir.resolve(SERVER_NAME.replace(' ', '_'));
        Path resultYaml = runDir.resolve("result.yaml");
        Path report = runDir.resolve("benchmark_report").resolve("result.yaml");
        List<String> textReport = LoadTimeText.lines(result);
        try {
            Files.createDirectories(serverDir);
            Files.createDirectories(report.getParent());
            Files.createDirectories(runDir.resolve("analysis"));
        } catch (IOException e) {
            throw HarnessException.execution("nop: cannot create the run directory " + runDir + ": " + e.getMessage());
        }
        copyLog(serverLog, serverDir.resolve("vllm.log"));
        write(serverDir.resolve("categories.log"), CategoriesLog.render(server, log.categorizeFrom()));
        writeYaml(resultYaml, NativeResultYaml.tree(result));
        writeYaml(
                report, BenchmarkReportV01.tree(result, serverLog.getFileName().toString()));
        write(runDir.resolve("analysis").resolve("result.txt"), String.join("\n", textReport) + "\n");

        textReport.forEach(out::println);
        out.flush();
        warnings.forEach(w -> warn.println("harness: warning: " + w));
        warn.flush();
        out.println("Files: " + runDir + " (result.yaml, benchmark_report/result.yaml, " + serverDir.getFileName()
                + "/categories.log, analysis/result.txt)");
        out.flush();
        return new NopOutcome(result, resultYaml, report, warnings, server.isEmpty() ? 3 : 0);
    }

    private static List<String> warnings(ServerLoad s, Path log) {
        List<String> w = new ArrayList<>();
        if (s.isEmpty()) {
            w.add("no vLLM start-up lines in " + log + ": is it a vLLM server log?");
            return w;
        }
        if (!s.debugLines() && !s.missingCategories().isEmpty()) {
            w.add(log + " has no DEBUG lines and " + s.missingCategories().size()
                    + " start-up phases were not found: start vLLM with VLLM_LOGGING_LEVEL=DEBUG");
        }
        if (s.argsProblem() != null) {
            w.add(log + " " + s.argsProblem());
        }
        for (Category c : s.categories()) {
            if (c.error() != null) {
                w.add(log + ": phase " + c.title() + " " + c.error() + "; reported as 0 s");
            }
        }
        return w;
    }

    /** The log's lines; bytes that are not UTF-8 become U+FFFD. */
    static List<String> read(Path log) {
        if (!Files.exists(log)) {
            throw HarnessException.config("nop: vLLM server log " + log + " does not exist");
        }
        if (Files.isDirectory(log)) {
            throw HarnessException.config("nop: " + log + " is a folder, not a vLLM server log file");
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        List<String> lines;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Files.newInputStream(log), utf8))) {
            lines = r.lines().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw HarnessException.config("nop: cannot read vLLM server log " + log + ": " + e.getMessage());
        }
        if (lines.stream().allMatch(String::isBlank)) {
            throw HarnessException.config("nop: vLLM server log " + log + " is empty: give the log of a server that"
                    + " started (its output redirected to this file)");
        }
        return lines;
    }

    /**
     * The year of the log's first line: the year the file was last written, or the one before when the first line's
     * month and day come after that date (a log begun in December and written to in January).
     */
    static int year(Path log, List<String> lines, Clock clock) {
        LocalDateTime written;
        try {
            written = LocalDateTime.ofInstant(Files.getLastModifiedTime(log).toInstant(), ZoneId.systemDefault());
        } catch (IOException e) {
            written = LocalDateTime.ofInstant(clock.instant(), ZoneId.systemDefault());
        }
        for (String line : lines) {
            LocalDateTime first = VllmLog.timestamp(line, written.getYear());
            if (first != null) {
                return first.isAfter(written.plusDays(1)) ? written.getYear() - 1 : written.getYear();
            }
        }
        return written.getYear();
    }

    private static void copyLog(Path from, Path to) {
        try {
            if (!Files.exists(to) || !Files.isSameFile(from, to)) {
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw HarnessException.execution("nop: cannot copy " + from + " to " + to + ": " + e.getMessage());
        }
    }

    private static void write(Path file, String content) {
        try {
            Files.writeString(file, content);
        } catch (IOException e) {
            throw HarnessException.execution("nop: cannot write " + file + ": " + e.getMessage());
        }
    }

    private static void writeYaml(Path file, Map<String, Object> tree) {
        try {
            NativeResultYaml.YAML.writeValue(file.toFile(), tree);
        } catch (IOException e) {
            throw HarnessException.execution("nop: cannot write " + file + ": " + e.getMessage());
        }
    }
}
