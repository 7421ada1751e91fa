package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.CppGolden;
import io.llmharness.loadgen.fixtures.GoldenCase;
import io.llmharness.loadgen.fixtures.MlLogLine;
import io.llmharness.loadgen.fixtures.ScheduledSample;
import io.llmharness.loadgen.fixtures.TimeDependent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Java LoadGen against the recorded output of the real C++ LoadGen 6.0.17 (test resources
 * {@code golden/<case>/}; how they were produced and what is compared: {@code golden/README.md}). Each
 * {@link GoldenCase} runs once on the virtual clock with the same settings, seeds, QSL and SUT behaviour as the
 * C++ run. Compared exactly: the issued sample indices per query, the QSL load/unload calls, the Server schedule
 * (from the trace log), the accuracy log, every detail-log line except the values of the time-dependent keys
 * listed in {@link TimeDependent}, and the summary with measured figures masked.
 */
class CppLoadGenGoldenTest {

    @TempDir
    static Path dir;

    private static final Map<GoldenCase, GoldenCase.Outcome> RUNS = new EnumMap<>(GoldenCase.class);

    private static synchronized GoldenCase.Outcome run(GoldenCase c) {
        return RUNS.computeIfAbsent(c, k -> {
            try {
                return k.run(Files.createDirectory(dir.resolve(k.fileName())), k.server());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @ParameterizedTest
    @EnumSource(GoldenCase.class)
    void issuesTheSameSamplesInTheSameQueries(GoldenCase c) {
        assertThat(render(run(c).sut().queries()))
                .as("sample indices per query (one line per query) of %s", c)
                .isEqualTo(render(CppGolden.of(c).queries()));
    }

    @ParameterizedTest
    @EnumSource(GoldenCase.class)
    void loadsAndUnloadsTheSameSampleSets(GoldenCase c) {
        assertThat(run(c).qsl().calls()).isEqualTo(CppGolden.of(c).qslCalls());
    }

    @ParameterizedTest
    @EnumSource(
            value = GoldenCase.class,
            names = {"SERVER_TOKENS", "SERVER_ACCURACY"})
    void schedulesServerQueriesAtTheSameOffsets(GoldenCase c) {
        List<ScheduledSample> cpp = CppGolden.of(c).schedule();
        GoldenCase.Outcome run = run(c);
        List<ScheduledSample> java =
                ScheduledSample.fromTrace(run.run().trace(), run.qsl().loadSizes());
        assertThat(cpp).hasSizeGreaterThan(99);
        assertThat(java).as("query, sample, index and scheduled ns of %s", c).containsExactlyElementsOf(cpp);
    }

    @Test
    void tracesTheSameSampleEvents() throws IOException {
        GoldenCase c = GoldenCase.MULTI_STREAM_ACCURACY;
        String java = c.run(Files.createDirectories(dir.resolve("traced")), true)
                .run()
                .trace();
        assertThat(traceShape(java)).isEqualTo(traceShape(CppGolden.of(c).trace()));
    }

    @ParameterizedTest
    @EnumSource(GoldenCase.class)
    void writesTheSameDetailLogApartFromTimings(GoldenCase c) {
        List<MlLogLine> java = MlLogLine.parse(run(c).run().detail());
        List<MlLogLine> cpp = CppGolden.of(c).detail();
        assertThat(java.stream().map(MlLogLine::key).toList())
                .as("detail keys of %s", c)
                .isEqualTo(cpp.stream().map(MlLogLine::key).toList());
        assertThat(comparable(java)).as("detail lines of %s", c).isEqualTo(comparable(cpp));
    }

    @ParameterizedTest
    @EnumSource(GoldenCase.class)
    void writesTheSameAccuracyLog(GoldenCase c) {
        assertThat(run(c).run().accuracy()).isEqualTo(CppGolden.of(c).accuracy());
    }

    @ParameterizedTest
    @EnumSource(GoldenCase.class)
    void writesTheSameSummaryApartFromMeasuredFigures(GoldenCase c) {
        assertThat(TimeDependent.maskSummary(run(c).run().summary()))
                .isEqualTo(TimeDependent.maskSummary(CppGolden.of(c).summary()));
    }

    /**
     * The per-sample events (sorted, with times and pid masked), the first line and the footer of a trace; the
     * C++ LoadGen's internal scoped-timer events are left out (the Java LoadGen does not trace them).
     */
    private static List<String> traceShape(String trace) {
        List<String> lines = List.of(trace.split("\n"));
        int footer = lines.indexOf("{\"name\":\"LastTrace\"}");
        List<String> events = lines.subList(1, footer).stream()
                .filter(l -> l.matches("\\{\"name\":\"(Sample|Token|Latency|Token_Latency)\".*"))
                .map(l -> l.replaceAll(
                        "\"(pid|ts|issue_start_ns|complete_ns|issue_delay|issue_to_done)\":[-0-9.]+", "\"$1\":#"))
                .sorted()
                .toList();
        List<String> shape = new ArrayList<>();
        shape.add(lines.get(0));
        shape.addAll(events);
        lines.subList(footer, lines.size()).forEach(l -> shape.add(l.replaceAll("^\"ts\":[0-9.]+,$", "\"ts\":#,")));
        return shape;
    }

    private static List<String> comparable(List<MlLogLine> lines) {
        return lines.stream()
                .map(TimeDependent::mask)
                .map(MlLogLine::comparable)
                .toList();
    }

    private static String render(List<long[]> queries) {
        StringBuilder sb = new StringBuilder();
        for (long[] q : queries) {
            sb.append(Arrays.toString(q)).append('\n');
        }
        return sb.toString();
    }
}
