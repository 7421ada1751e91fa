package io.llmharness.client.health;

import java.io.IOException;

/**
 * The child JVM of {@link JitPriorityChildTest}: lowers its own JIT threads to the nice value given as its argument,
 * prints the outcome, the id of its main thread (whose {@code comm} is {@code java}) and {@code ready}, and stays alive until its standard input closes, so the test can read its
 * threads' nice values from {@code /proc}.
 */
public final class JitPriorityChild {

    private JitPriorityChild() {}

    public static void main(String[] args) throws IOException {
        JitPriority.Outcome o = JitPriority.system().lower(new JitPriority.Request(Integer.parseInt(args[0]), true));
        System.out.println("outcome " + o);
        System.out.println("main "
                + java.nio.file.Path.of("/proc/thread-self").toRealPath().getFileName());
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes our input (or the test JVM ends)
        }
    }
}
