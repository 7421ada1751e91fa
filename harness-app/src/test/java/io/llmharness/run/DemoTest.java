package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.cli.ExitCodes;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness demo} in process: both runs VALID, no LoadGen error, well inside the time budget. */
class DemoTest {

    @TempDir
    Path dir;

    @Test
    void bothRunsAreValidWithinTheBudget() {
        long start = System.nanoTime();
        RunFixture.Outcome o = RunFixture.harness("demo", "--output-dir", dir.toString(), "--progress", "off");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        assertThat(Pattern.compile("Result is : VALID")
                        .matcher(o.out())
                        .results()
                        .count())
                .isEqualTo(2);
        assertThat(o.out()).contains("Offline performance", "Server performance", "TTFT p99", "Both runs VALID");
        assertThat(o.err()).doesNotContain("Exception", "\tat ", "WARN");
        assertThat(seconds).as("demo wall time").isLessThan(90);
        Path demo = RunFixture.runDir(dir);
        assertThat(demo.resolve("user.conf")).content().contains("llama3_1-8b.Server.target_qps");
        try (var runs = java.nio.file.Files.list(demo)) {
            for (Path run : runs.filter(java.nio.file.Files::isDirectory).toList()) {
                RunFixture.assertRunFiles(run);
                assertThat(RunFixture.loadgenErrors(run)).as(run.toString()).isZero();
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
