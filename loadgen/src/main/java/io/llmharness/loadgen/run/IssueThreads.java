package io.llmharness.loadgen.run;

import io.llmharness.loadgen.log.DetailLog;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * SUT-provided issue threads for the Server scenario ({@code server_num_issue_query_threads} > 0): threads
 * that call {@code LoadGen.registerIssueQueryThread()} block there and, for every run, issue every k-th query.
 * Registrations are waited for up to 10 s per run; a mismatch is logged as an error and the run then uses the
 * threads that did register (none: LoadGen's own thread issues).
 */
public final class IssueThreads {

    private static final long REGISTRATION_TIMEOUT_MS = 10_000;

    private final List<Long> threadIds = new ArrayList<>();
    private final List<String> pendingMessages = new ArrayList<>();
    private DetailLog detail;
    private long epoch;
    private long generation;
    private IntFunction<IssueLoop.Progress> job;
    private int jobThreads;
    private IssueLoop.Progress[] results;

    /** Called by a SUT thread; returns when the test ends. */
    public void register() {
        long myEpoch;
        int index;
        long seen;
        synchronized (this) {
            myEpoch = epoch;
            index = threadIds.size();
            long tid = Thread.currentThread().threadId();
            threadIds.add(tid);
            String message = "Registered IssueQueryThread[" + index + "]. thread ID : " + tid;
            if (detail != null) {
                detail.string("generic_message", message);
            } else {
                pendingMessages.add(message);
            }
            seen = generation;
            notifyAll();
        }
        while (true) {
            IntFunction<IssueLoop.Progress> work;
            synchronized (this) {
                while (epoch == myEpoch && generation == seen) {
                    waitUninterruptibly();
                }
                if (epoch != myEpoch) {
                    return;
                }
                seen = generation;
                work = index < jobThreads ? job : null;
            }
            if (work != null) {
                IssueLoop.Progress p = work.apply(index);
                synchronized (this) {
                    results[index] = p;
                    notifyAll();
                }
            }
        }
    }

    /** From now on registrations are logged to {@code log}; those that happened before are logged now. */
    synchronized void attach(DetailLog log) {
        this.detail = log;
        for (String m : pendingMessages) {
            log.string("generic_message", m);
        }
        pendingMessages.clear();
    }

    /** Waits up to 10 s for {@code wanted} registrations; returns how many threads will issue. */
    synchronized int awaitRegistered(int wanted, DetailLog detail) {
        long deadline = System.currentTimeMillis() + REGISTRATION_TIMEOUT_MS;
        while (threadIds.size() < wanted && System.currentTimeMillis() < deadline) {
            try {
                wait(Math.max(1, deadline - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (wanted != threadIds.size()) {
            detail.error(
                    "error_runtime",
                    "Mismatch between settings and number of registered IssueQueryThreads!"
                            + " settings.server_num_issue_query_threads = " + wanted + " but " + threadIds.size()
                            + " threads registered.");
        }
        return Math.min(wanted, threadIds.size());
    }

    /** Runs {@code work} on {@code threads} registered threads (index 0..threads-1) and waits for all. */
    IssueLoop.Progress[] issue(int threads, IntFunction<IssueLoop.Progress> work) {
        synchronized (this) {
            job = work;
            jobThreads = threads;
            results = new IssueLoop.Progress[threads];
            generation++;
            notifyAll();
            while (!allDone()) {
                waitUninterruptibly();
            }
            job = null;
            return results.clone();
        }
    }

    private boolean allDone() {
        for (IssueLoop.Progress p : results) {
            if (p == null) {
                return false;
            }
        }
        return true;
    }

    /** Releases every registered thread; new registrations wait for the next test. */
    synchronized void end() {
        detail = null;
        epoch++;
        threadIds.clear();
        notifyAll();
    }

    private void waitUninterruptibly() {
        try {
            wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while coordinating issue threads", e);
        }
    }
}
