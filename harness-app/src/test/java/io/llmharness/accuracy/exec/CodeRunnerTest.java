package io.llmharness.accuracy.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runs real child processes with python3 (skipped where the machine has none). */
class CodeRunnerTest {

    private final CodeRunner runner = new CodeRunner(Duration.ofSeconds(20), 1L << 30, System.getenv());

    @Test
    void passesFailsAndTimesOut() {
        assumeTrue(runner.which("python3").isPresent(), "python3 on PATH");
        String tests = "def check(f):\n    assert f(2) == 4\n";
        assertThat(runner.run(
                        Language.PYTHON,
                        MbxpProgram.of(Language.PYTHON, "  def sq(x):\n    return x*x\n```\n", tests, "sq")))
                .isEqualTo(CodeRunner.Outcome.PASSED);
        assertThat(runner.run(
                        Language.PYTHON, MbxpProgram.of(Language.PYTHON, "def sq(x):\n    return x+1\n", tests, "sq")))
                .isEqualTo(CodeRunner.Outcome.FAILED);
        CodeRunner quick = new CodeRunner(Duration.ofMillis(500), 1L << 30, System.getenv());
        assertThat(quick.run(Language.PYTHON, "while True:\n    pass\n")).isEqualTo(CodeRunner.Outcome.TIMED_OUT);
    }

    @Test
    void memoryLimitStopsAHog() {
        assumeTrue(runner.which("python3").isPresent(), "python3 on PATH");
        CodeRunner small = new CodeRunner(Duration.ofSeconds(20), 256L << 20, System.getenv());
        assertThat(small.run(Language.PYTHON, "x = bytearray(1 << 30)\n")).isEqualTo(CodeRunner.Outcome.FAILED);
    }

    @Test
    void missingToolsAreNamed() {
        CodeRunner none = new CodeRunner(Duration.ofSeconds(1), 1L << 30, Map.of("PATH", "/nonexistent"));
        assertThat(none.missing(Language.TYPESCRIPT)).containsExactly("tsc", "node");
        assertThat(none.missing(Language.CPP)).containsExactly("g++");
    }

    @Test
    void mbxpProgramCutsAtTheFenceAndUnescapesUnderscores() {
        assertThat(MbxpProgram.of(Language.CPP, "int my\\_f() { return 1; }\n```\ntrailing", "int main(){}", "my_f"))
                .isEqualTo("int my_f() { return 1; }\n\nint main(){}");
    }
}
