package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.report.SyntheticRun;
import io.llmharness.report.compare.Comparison;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code harness report}, {@code harness compare} and {@code harness history} on recorded run directories. */
class ReportCommandsTest {

    @TempDir
    static Path tmp;

    static Path runA;
    static Path runB;

    record Outcome(int exit, String out, String err) {}

    @BeforeAll
    static void runs() throws Exception {
        runA = tmp.resolve("run-a");
        runB = tmp.resolve("run-b");
        new SyntheticRun(2000, 1).writeTo(runA);
        new SyntheticRun(3000, 2).writeTo(runB);
    }

    static Outcome harness(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return new Outcome(cl.execute(args), out.toString(), err.toString());
    }

    @Test
    void reportRebuildsTheSameSummaryAndWritesThePage() throws Exception {
        String before = Files.readString(runA.resolve("summary.json"));
        Outcome o = harness("report", runA.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("synthetic-sweep", "TTFT p50 / p99", "Report: " + runA.resolve("report.html"));
        assertThat(Files.readString(runA.resolve("summary.json"))).isEqualTo(before);
        assertThat(runA.resolve("report.html")).exists();
        assertThat(runA.resolve("charts/ttft_cdf.png")).exists();
    }

    @Test
    void reportOfSomethingElseIsOneClearLine() {
        Outcome o = harness("report", tmp.toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(o.err().strip())
                .isEqualTo("harness: " + tmp + " is not a run directory: it has no summary.json"
                        + " (pass the folder of one run, e.g. harness_output/<run-id>)");
        assertThat(harness("report").exit()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void aRunComparedWithItselfHasZeroDeltas() {
        Comparison c = Comparison.of(List.of(runA, runA));
        assertThat(c.rows()).hasSizeGreaterThan(15);
        for (Comparison.Row r : c.rows()) {
            assertThat(r.delta(1)).as(r.label()).isIn(0.0, null);
            assertThat(r.verdict(1)).isZero();
        }
        Path page = tmp.resolve("self/compare.html");
        Outcome o = harness("compare", runA.toString(), runA.toString(), "-o", page.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("A = 20260115-090000-synthetic", "B = 20260115-090000-synthetic", "TTFT p99 ms");
        assertThat(o.out()).doesNotContainPattern("[+-][0-9.]+[1-9]\\b %").contains("+0.0 %");
        assertThat(o.out()).contains("Charts: " + page);
        assertThat(page).content().contains("<svg class=\"chart\"", "compare_ttft_cdf", "compare_output_tokens");
    }

    @Test
    void comparingTwoRunsShowsWhichIsBetter() {
        Comparison c = Comparison.of(List.of(runA, runB));
        Comparison.Row rps = c.rows().stream()
                .filter(r -> r.label().equals("requests/s"))
                .findFirst()
                .orElseThrow();
        assertThat(rps.delta(1)).isPositive();
        assertThat(rps.verdict(1)).isEqualTo(1);
        assertThat(c.charts()).allSatisfy(ch -> assertThat(ch.series()).hasSize(2));
    }

    @Test
    void compareNeedsTwoRunDirectories() {
        assertThat(harness("compare", runA.toString()).exit()).isEqualTo(ExitCodes.USAGE);
        Outcome o = harness("compare", runA.toString(), tmp.resolve("missing").toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(o.err()).contains("missing: no such directory");
    }

    @Test
    void historyListsAddedRunsNewestFirstAndFilters() {
        Path db = tmp.resolve("history/h.duckdb");
        Outcome add = harness(
                "history",
                "--history",
                db.toString(),
                "--add",
                runA.toString(),
                "--add",
                runB.toString(),
                "--add",
                runA.toString());
        assertThat(add.exit()).as(add.err()).isZero();
        assertThat(add.out()).contains("2 runs from " + db, "synthetic-sweep", "FAILURES");
        Outcome none = harness("history", "--history", db.toString(), "--benchmark", "llama");
        assertThat(none.out()).contains("no run in " + db + " matches");
        Outcome one = harness("history", "--history", db.toString(), "--model", "LLAMA-3.1", "-n", "1");
        assertThat(one.out()).contains("1 runs from");
        assertThat(harness("history", "--history", "off").exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(harness("history", "--history", tmp.resolve("empty.duckdb").toString())
                        .out())
                .contains("no run recorded yet");
    }
}
