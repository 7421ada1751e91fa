package io.llmharness.client.health;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A made-up {@code /proc/self/task} (a folder per thread with its {@code comm} and {@code stat}) and a stand-in for
 * {@code renice} that sets the nice field of the threads it is given, like the real one: {@link JitPriority} in
 * tests, without touching the test JVM's threads.
 */
public final class FakeTasks {

    private final Path root;
    private final List<List<String>> ran = new ArrayList<>();

    public FakeTasks(Path root) {
        this.root = root;
    }

    /** A JVM's threads: two compiler threads (101, 1000) and three others, all at nice 0. */
    public static FakeTasks aJvm(Path root) throws IOException {
        FakeTasks t = new FakeTasks(root);
        t.thread("99", "java", 0);
        t.thread("101", "C2 CompilerThre", 0);
        t.thread("1000", "C1 CompilerThre", 0);
        t.thread("102", "VM Thread", 0);
        t.thread("103", "main", 0);
        return t;
    }

    public Path root() {
        return root;
    }

    /** The commands the stand-in ran. */
    public List<List<String>> ran() {
        return ran;
    }

    /** Lowers these threads through the stand-in. */
    public JitPriority priority() {
        return new JitPriority(root, true, this::renice);
    }

    public void thread(String tid, String comm, int nice) throws IOException {
        Path task = Files.createDirectories(root.resolve(tid));
        Files.writeString(task.resolve("comm"), comm + "\n", StandardCharsets.US_ASCII);
        write(task, comm, nice);
    }

    public int nice(String tid) throws IOException {
        return CompilerCpu.nice(read(root.resolve(tid).resolve("stat")));
    }

    int renice(List<String> command) throws IOException {
        ran.add(command);
        int nice = Integer.parseInt(command.get(2));
        for (String tid : command.subList(4, command.size())) {
            Path task = root.resolve(tid);
            write(task, read(task.resolve("comm")).strip(), nice);
        }
        return 0;
    }

    private static void write(Path task, String comm, int nice) throws IOException {
        // fields 3 (state) to 18, then 19 (nice) and two more
        String stat = task.getFileName() + " (" + comm + ") S 1 2 3 4 5 6 7 8 9 10 250 17 0 0 20 " + nice + " 27 0\n";
        Files.writeString(task.resolve("stat"), stat, StandardCharsets.US_ASCII);
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.US_ASCII);
    }
}
