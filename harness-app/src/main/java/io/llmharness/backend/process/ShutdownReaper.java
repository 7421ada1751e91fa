package io.llmharness.backend.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Stops whatever is registered when the JVM shuts down (SIGINT, SIGTERM, SIGHUP, normal exit), so an
 * interrupted harness leaves no server behind. One hook for the whole JVM, installed on first use; the
 * registered cleanups run in parallel and the hook waits for them up to their declared time.
 */
public final class ShutdownReaper {

    /** A cleanup to run at shutdown. */
    public interface Cleanup {
        /** Stops the resource; must be idempotent and safe to call from any thread. */
        void cleanUp();

        /** Upper bound of how long {@link #cleanUp()} may take. */
        Duration maxDuration();
    }

    private static final Set<Cleanup> REGISTERED = new LinkedHashSet<>();
    private static boolean installed;
    private static boolean shuttingDown;

    private ShutdownReaper() {}

    /** Registers a cleanup; returns false when the JVM is already shutting down (the caller cleans up itself). */
    public static synchronized boolean register(Cleanup c) {
        if (shuttingDown) {
            return false;
        }
        if (!installed) {
            Runtime.getRuntime().addShutdownHook(new Thread(ShutdownReaper::runAll, "harness-server-reaper"));
            installed = true;
        }
        REGISTERED.add(c);
        return true;
    }

    /** Removes a cleanup (after a normal stop, or when a server is detached on purpose). */
    public static synchronized void unregister(Cleanup c) {
        REGISTERED.remove(c);
    }

    /** Whether the JVM is shutting down (the hook started). */
    public static synchronized boolean shuttingDown() {
        return shuttingDown;
    }

    private static void runAll() {
        List<Cleanup> todo;
        synchronized (ShutdownReaper.class) {
            shuttingDown = true;
            todo = new ArrayList<>(REGISTERED);
            REGISTERED.clear();
        }
        List<Thread> threads = new ArrayList<>();
        long maxMs = 0;
        for (Cleanup c : todo) {
            Thread t = new Thread(c::cleanUp, "harness-server-cleanup");
            t.start();
            threads.add(t);
            maxMs = Math.max(maxMs, c.maxDuration().toMillis());
        }
        long deadline = System.currentTimeMillis() + maxMs + 5_000;
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, deadline - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
