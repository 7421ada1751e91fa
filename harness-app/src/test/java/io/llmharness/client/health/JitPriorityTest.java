package io.llmharness.client.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    private final List<List<String>> ran = new ArrayList<>();

    /** A stand-in for renice that sets the nice field of the threads it is given, like the real one. */
    private int renice(List<String> command) throws IOException {
        ran.add(command);
        int nice = Integer.parseInt(command.get(2));
        for (String tid : command.subList(4, command.size())) {
            Path task = tasks.resolve(tid);
            write(task, read(task.resolve("comm")).strip(), nice);
        }
        return 0;
    }

    private JitPriority priority() {
        return new JitPriority(tasks, true, this::renice);
    }

    private void thread(String tid, String comm, int nice) throws IOException {
        Path task = Files.createDirectories(tasks.resolve(tid));
        Files.writeString(task.resolve("comm"), comm + "\n", StandardCharsets.US_ASCII);
        write(task, comm, nice);
    }

    private static void write(Path task, String comm, int nice) throws IOException {
        // fields 3 (state) to 18, then 19 (nice) and two more
        String stat = task.getFileName() + " (" + comm + ") S 1 2 3 4 5 6 7 8 9 10 250 17 0 0 20 " + nice + " 27 0\n";
        Files.writeString(task.resolve("stat"), stat, StandardCharsets.US_ASCII);
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.US_ASCII);
    }

    private int niceOf(String tid) throws IOException {
        return CompilerCpu.nice(read(tasks.resolve(tid).resolve("stat")));
    }

    private void aJvm() throws IOException {
        thread("99", "java", 0);
        thread("101", "C2 CompilerThre", 0);
        thread("1000", "C1 CompilerThre", 0);
        thread("102", "VM Thread", 0);
        thread("103", "main", 0);
    }

    @Test
    void itRenicesTheCompilerThreadsOnlyInOneCommand() throws IOException {
        aJvm();
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
        aJvm();
        thread("104", "JVMCI-native CompilerThre", 0); // any name the kernel cut after "CompilerThre"
        assertThat(JitPriority.compilerThreads(tasks)).containsExactly("101", "104", "1000");
        assertThat(JitPriority.command(7, List.of("5", "6"))).containsExactly("renice", "-n", "7", "-p", "5", "6");
    }

    @Test
    void threadsAlreadyAtThatNiceOrAboveNeedNoRenice() throws IOException {
        thread("101", "C2 CompilerThre", 12);
        thread("102", "C1 CompilerThre", 10);
        JitPriority.Outcome o = priority().lower(new JitPriority.Request(10, true));
        assertThat(ran).isEmpty();
        assertThat(o.applied()).isTrue();
        assertThat(o.threads()).isEqualTo(2);
        assertThat(o.lineSuffix()).isEqualTo("; JIT threads at nice 10 (2 threads)");
    }

    @Test
    void aFailingReniceChangesNothingAndOnlyAChosenValueSaysSo() throws IOException {
        aJvm();
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
        aJvm();
        JitPriority missing = new JitPriority(tasks, true, c -> {
            throw new IOException("Cannot run program \"renice\": error=2, No such file or directory");
        });
        assertThat(missing.lower(new JitPriority.Request(10, true)).warning())
                .contains("--jit-nice 10: the JIT compiler threads keep their priority (renice not found)");
    }

    @Test
    void elsewhereThanLinuxNothingRuns() throws IOException {
        aJvm();
        JitPriority.Outcome o = new JitPriority(tasks, false, this::renice).lower(new JitPriority.Request(10, true));
        assertThat(ran).isEmpty();
        assertThat(o.applied()).isFalse();
        assertThat(o.warning()).contains("--jit-nice 10: the JIT compiler threads keep their priority (not Linux)");
        JitPriority.Outcome noProc =
                new JitPriority(tasks.resolve("absent"), true, this::renice).lower(new JitPriority.Request(10, true));
        assertThat(noProc.applied()).isFalse();
        assertThat(ran).isEmpty();
    }

    @Test
    void onlyAWarmUpEndedByAnIdleJitLowersIt() throws IOException {
        aJvm();
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
        aJvm();
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
        assertThat(CompilerCpu.nice("7 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 250 17 0 0 20 0 1 0")).isZero();
    }
}
