package io.llmharness.client.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JitPriority} on a made-up {@code /proc/self/task} with a stand-in for {@code renice}: which threads it
 * picks, the command it runs, and what it reports when that works, fails or is not wanted. Nothing here changes the
 * test JVM's own threads ({@link JitPriorityChildTest} does it for real, in a child JVM).
 */
class JitPriorityTest {

    @TempDir
    Path tasks;

    private FakeTasks proc;
    private List<List<String>> ran;

    @BeforeEach
    void aJvm() throws IOException {
        proc = FakeTasks.aJvm(tasks);
        ran = proc.ran();
    }

    private JitPriority priority() {
        return proc.priority();
    }

    private void thread(String tid, String comm, int nice) throws IOException {
        proc.thread(tid, comm, nice);
    }

    private int niceOf(String tid) throws IOException {
        return proc.nice(tid);
    }

    @Test
    void itRenicesTheCompilerThreadsOnlyInOneCommand() throws IOException {
        JitPriority.Outcome o = priority().lower(new JitPriority.Request(10, false));
        assertThat(ran).containsExactly(List.of("renice", "-n", "10", "-p", "101", "1000"));
        assertThat(o.applied()).isTrue();
        assertThat(o.threads()).isEqualTo(2);
        assertThat(o.json()).isEqualTo(10);
        assertThat(o.lineSuffix()).isEqualTo("; JIT threads at nice 10 (2 threads)");
        assertThat(o.warning()).isEmpty();
        assertThat(niceOf("101")).isEqualTo(10);
        assertThat(niceOf("103")).isZero();
        assertThat(niceOf("99")).isZero();
    }

    @Test
    void theCompilerThreadsAreFoundByTheirName() throws IOException {
        thread("104", "JVMCI-native CompilerThre", 0); // any name the kernel cut after "CompilerThre"
        assertThat(JitPriority.compilerThreads(tasks)).containsExactly("101", "104", "1000");
        assertThat(JitPriority.command(7, List.of("5", "6"))).containsExactly("renice", "-n", "7", "-p", "5", "6");
    }

    @Test
    void threadsAlreadyAtThatNiceOrAboveNeedNoRenice() throws IOException {
        thread("101", "C2 CompilerThre", 12);
        thread("1000", "C1 CompilerThre", 10);
        JitPriority.Outcome o = priority().lower(new JitPriority.Request(10, true));
        assertThat(ran).isEmpty();
        assertThat(o.applied()).isTrue();
        assertThat(o.threads()).isEqualTo(2);
        assertThat(o.lineSuffix()).isEqualTo("; JIT threads at nice 10 (2 threads)");
    }

    @Test
    void aFailingReniceChangesNothingAndOnlyAChosenValueSaysSo() throws IOException {
        JitPriority failing = new JitPriority(tasks, true, c -> {
            ran.add(c);
            return 1;
        });
        JitPriority.Outcome byDefault = failing.lower(new JitPriority.Request(10, false));
        assertThat(byDefault.applied()).isFalse();
        assertThat(byDefault.json()).isNull();
        assertThat(byDefault.lineSuffix()).isEmpty();
        assertThat(byDefault.warning()).isEmpty();
        JitPriority.Outcome chosen = failing.lower(new JitPriority.Request(10, true));
        assertThat(chosen.warning())
                .contains("--jit-nice 10: the JIT compiler threads keep their priority (renice exited with 1,"
                        + " 2 thread(s) not lowered)");
        assertThat(ran).hasSize(2);
    }

    @Test
    void aMissingReniceIsSaidInOneLine() throws IOException {
        JitPriority missing = new JitPriority(tasks, true, c -> {
            throw new IOException("Cannot run program \"renice\": error=2, No such file or directory");
        });
        assertThat(missing.lower(new JitPriority.Request(10, true)).warning())
                .contains("--jit-nice 10: the JIT compiler threads keep their priority (renice not found)");
    }

    @Test
    void elsewhereThanLinuxNothingRuns() throws IOException {
        JitPriority.Outcome o = new JitPriority(tasks, false, proc::renice).lower(new JitPriority.Request(10, true));
        assertThat(ran).isEmpty();
        assertThat(o.applied()).isFalse();
        assertThat(o.warning()).contains("--jit-nice 10: the JIT compiler threads keep their priority (not Linux)");
        JitPriority.Outcome noProc =
                new JitPriority(tasks.resolve("absent"), true, proc::renice).lower(new JitPriority.Request(10, true));
        assertThat(noProc.applied()).isFalse();
        assertThat(ran).isEmpty();
    }

    @Test
    void onlyAWarmUpEndedByAnIdleJitLowersIt() throws IOException {
        JitPriority.Request ten = new JitPriority.Request(10, true);
        JitPriority.Outcome off = priority().afterWarmUp(ten, "off");
        JitPriority.Outcome timeLimit = priority().afterWarmUp(ten, "time-limit");
        assertThat(ran).isEmpty();
        assertThat(off.json()).isNull();
        assertThat(off.warning()).hasValueSatisfying(w -> assertThat(w).contains("there was no warm-up"));
        assertThat(timeLimit.warning())
                .hasValueSatisfying(w -> assertThat(w).contains("the warm-up ended by time-limit, not by an idle JIT"));
        assertThat(priority().afterWarmUp(ten, JitPriority.SETTLED).applied()).isTrue();
        assertThat(ran).hasSize(1);
    }

    @Test
    void zeroLeavesTheJitAlone() throws IOException {
        JitPriority.Outcome o = priority().afterWarmUp(new JitPriority.Request(0, true), JitPriority.SETTLED);
        assertThat(o).isEqualTo(JitPriority.Outcome.NONE);
        assertThat(o.warning()).isEmpty();
        assertThat(o.lineSuffix()).isEmpty();
        assertThat(ran).isEmpty();
    }

    /** Tests run the CLI in-process: the JVM's main never ran, so a run that gives no --jit-nice leaves the JIT. */
    @Test
    void inATestJvmTheDefaultIsZero() {
        assertThat(JitPriority.Request.of(null)).isEqualTo(JitPriority.Request.NONE);
        assertThat(JitPriority.Request.of(5)).isEqualTo(new JitPriority.Request(5, true));
    }

    @Test
    void readsTheNiceValueOfAStatLine() {
        assertThat(CompilerCpu.nice("1234 (C2 CompilerThre) S 1 2 3 4 5 6 7 8 9 10 250 17 0 0 30 10 27 0"))
                .isEqualTo(10);
        assertThat(CompilerCpu.nice("7 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 250 17 0 0 20 0 1 0"))
                .isZero();
    }
}
