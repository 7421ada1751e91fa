package io.llmharness.client.health;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Lowers the OS scheduling priority of the JVM's JIT compiler threads once a warm start has ended ({@code
 * --jit-nice}): they get nice N (default {@link #DEFAULT_NICE}) through {@code renice -n N -p TID...}, so what the JIT
 * still compiles in the measured window runs in the CPU time the client leaves idle instead of pre-empting the event
 * loop and the scheduling thread when they wake. Compilation still happens: a thread at nice 10 gets all the idle
 * CPU it wants; it only stops competing with the measuring threads. Why: on one core a C2 compilation takes tens to
 * hundreds of ms of CPU, and the JIT still used 0.8-1.6 s of CPU in a 10 s Server window after a warm start.
 *
 * <p>Linux only: a TID given to {@code setpriority} (what {@code renice} calls) changes that one thread, and the
 * compiler threads are found under {@code /proc/self/task} by their name ({@link CompilerCpu#compilerThread}).
 * Threads the JVM starts later inherit the value: HotSpot's dynamic compiler threads are started by a compiler
 * thread, and on Linux a new thread takes the nice value of the thread that created it. Where {@code renice} is
 * missing, the platform is not Linux or {@code renice} fails, nothing changes and the {@link Outcome} says why; this
 * never throws.
 *
 * <p>One way: a process that is not root may raise its threads' nice value but never lower it back. So only a real
 * CLI process lowers them by default ({@link #lowerByDefault}, called by the CLI's {@code main}); a test JVM that runs
 * the CLI in-process keeps its JIT at full priority unless a test asks for a value.
 */
public final class JitPriority {

    /** The nice value the CLI gives the JIT threads after a warm start unless {@code --jit-nice} says otherwise. */
    public static final int DEFAULT_NICE = 10;

    /** The help text of {@code --jit-nice}, the same on {@code harness run} and {@code harness bench}. */
    public static final String HELP = "Nice value of the JIT compiler threads once the warm-up has ended with an idle"
            + " JIT, so what they still compile runs in CPU time the client leaves idle (Linux, renice; default 10;"
            + " 0 = leave the JIT alone).";

    /** The highest nice value (the lowest priority) Linux has. */
    public static final int MAX_NICE = 19;

    /** What a warm start's {@code endedBy} is when the JIT was idle, the only end after which the JIT is lowered. */
    public static final String SETTLED = "jit-idle";

    private static final long RENICE_WAIT_S = 10;

    private static volatile int processDefault;

    /** Runs a command and returns its exit code. */
    @FunctionalInterface
    public interface Runner {
        int run(List<String> command) throws IOException, InterruptedException;
    }

    private final Path tasks;
    private final boolean linux;
    private final Runner runner;

    /** Lowers the compiler threads found under {@code tasks} with {@code runner} (tests: a made-up /proc). */
    public JitPriority(Path tasks, boolean linux, Runner runner) {
        this.tasks = tasks;
        this.linux = linux;
        this.runner = runner;
    }

    /** This JVM's compiler threads, through the {@code renice} on the PATH. */
    public static JitPriority system() {
        boolean linux =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
        return new JitPriority(CompilerCpu.TASKS, linux, JitPriority::renice);
    }

    /**
     * Makes {@link #DEFAULT_NICE} the nice value of the runs in this JVM that do not give {@code --jit-nice}: called
     * by the CLI's {@code main} only. Without it the default is 0 (leave the JIT alone), which is what tests running
     * the CLI in-process get.
     */
    public static void lowerByDefault() {
        processDefault = DEFAULT_NICE;
    }

    /**
     * A nice value for the JIT threads after the warm start, and whether the user chose it.
     *
     * @param nice 0 (leave the JIT alone) to {@link #MAX_NICE}
     * @param chosen given by {@code --jit-nice}, not the default: only then is a failure to apply it printed
     */
    public record Request(int nice, boolean chosen) {

        /** Leave the JIT alone. */
        public static final Request NONE = new Request(0, false);

        /** The value of {@code --jit-nice} (null: not given, the process's default). */
        public static Request of(Integer given) {
            return given != null ? new Request(given, true) : new Request(processDefault, false);
        }
    }

    /**
     * What lowering did.
     *
     * @param nice the nice value asked for (0: nothing asked)
     * @param threads compiler threads at that nice value (or above) afterwards
     * @param chosen whether the user asked for it ({@link Request#chosen})
     * @param problem why the threads were not lowered, or null
     */
    public record Outcome(int nice, int threads, boolean chosen, String problem) {

        /** Nothing asked, nothing done. */
        public static final Outcome NONE = new Outcome(0, 0, false, null);

        static Outcome failed(Request r, String problem) {
            return new Outcome(r.nice(), 0, r.chosen(), problem);
        }

        /** Whether the compiler threads are at the asked nice value. */
        public boolean applied() {
            return nice > 0 && problem == null;
        }

        /** The nice value for summary.json ({@code jit_nice}): null when the JIT was left alone. */
        public Integer json() {
            return applied() ? nice : null;
        }

        /** What the warm-start line adds, e.g. {@code ; JIT threads at nice 10 (3 threads)}; empty when not applied. */
        public String lineSuffix() {
            return applied()
                    ? String.format(
                            Locale.ROOT,
                            "; JIT threads at nice %d (%d thread%s)",
                            nice,
                            threads,
                            threads == 1 ? "" : "s")
                    : "";
        }

        /** The one line for the user who gave {@code --jit-nice} when it was not applied. */
        public Optional<String> warning() {
            if (!chosen || nice == 0 || problem == null) {
                return Optional.empty();
            }
            return Optional.of(
                    "--jit-nice " + nice + ": the JIT compiler threads keep their priority (" + problem + ")");
        }
    }

    /**
     * After a warm start that ended by {@code endedBy}: lowers the JIT threads if it ended because the JIT was idle
     * ({@link #SETTLED}), else leaves them. No warm start, or one that ran into its time limit, leaves a JIT that is
     * still compiling the request path; at a lower priority under load it would get to it only in the CPU the client
     * leaves idle, and the measured window would run on slower code for longer.
     */
    public Outcome afterWarmUp(Request r, String endedBy) {
        if (r.nice() == 0) {
            return Outcome.NONE;
        }
        if (!SETTLED.equals(endedBy)) {
            return Outcome.failed(
                    r,
                    "off".equals(endedBy)
                            ? "there was no warm-up, so the JIT has not settled"
                            : "the warm-up ended by " + endedBy + ", not by an idle JIT");
        }
        return lower(r);
    }

    /** Sets the compiler threads' nice value to {@code r.nice()} now. */
    public Outcome lower(Request r) {
        if (r.nice() == 0) {
            return Outcome.NONE;
        }
        if (r.nice() < 0 || r.nice() > MAX_NICE) {
            return Outcome.failed(r, "not a nice value from 0 to " + MAX_NICE);
        }
        if (!linux) {
            return Outcome.failed(r, "not Linux");
        }
        if (!Files.isDirectory(tasks)) {
            return Outcome.failed(r, "no " + tasks);
        }
        List<String> compilers;
        try {
            compilers = compilerThreads(tasks);
        } catch (IOException | RuntimeException e) {
            return Outcome.failed(r, "cannot read the JVM's threads: " + e.getMessage());
        }
        try {
            if (compilers.isEmpty()) {
                return Outcome.failed(r, "no JIT compiler threads found");
            }
            List<String> below = new ArrayList<>();
            for (String tid : compilers) {
                Integer n = niceOf(tid);
                if (n != null && n < r.nice()) {
                    below.add(tid);
                }
            }
            int exit = below.isEmpty() ? 0 : runner.run(command(r.nice(), below));
            int at = 0;
            int missed = 0;
            for (String tid : compilers) {
                Integer n = niceOf(tid);
                if (n == null) {
                    continue; // ended meanwhile (an idle dynamic compiler thread)
                }
                if (n >= r.nice()) {
                    at++;
                } else {
                    missed++;
                }
            }
            if (missed > 0 || at == 0) {
                return Outcome.failed(r, "renice exited with " + exit + ", " + missed + " thread(s) not lowered");
            }
            return new Outcome(r.nice(), at, r.chosen(), null);
        } catch (IOException e) {
            String m = String.valueOf(e.getMessage());
            return Outcome.failed(r, m.contains("error=2,") ? "renice not found" : "renice: " + m);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.failed(r, "interrupted");
        } catch (RuntimeException e) {
            return Outcome.failed(r, "renice: " + e);
        }
    }

    /** The ids of the compiler threads under {@code tasks}, in ascending order. */
    static List<String> compilerThreads(Path tasks) throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path task : dir) {
                try {
                    if (CompilerCpu.compilerThread(task)) {
                        out.add(task.getFileName().toString());
                    }
                } catch (IOException e) {
                    // the thread ended while listed
                }
            }
        }
        out.sort((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
        return out;
    }

    /** {@code renice -n N -p TID...}: util-linux's {@code -n} sets the value, it does not add to it. */
    static List<String> command(int nice, List<String> tids) {
        List<String> c = new ArrayList<>(List.of("renice", "-n", Integer.toString(nice), "-p"));
        c.addAll(tids);
        return c;
    }

    /** A thread's nice value, or null when it has ended. */
    private Integer niceOf(String tid) {
        try {
            return CompilerCpu.nice(CompilerCpu.read(tasks.resolve(tid).resolve("stat")));
        } catch (IOException e) {
            return null;
        }
    }

    private static int renice(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        // POSIX reads -n as an increment; util-linux sets the value, unless perhaps asked to be POSIX
        pb.environment().remove("POSIXLY_CORRECT");
        Process p = pb.start();
        if (!p.waitFor(RENICE_WAIT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("did not finish within " + RENICE_WAIT_S + " s");
        }
        return p.exitValue();
    }
}
