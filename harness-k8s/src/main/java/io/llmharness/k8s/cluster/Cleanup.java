package io.llmharness.k8s.cluster;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The objects a run created, to delete in reverse order at the end. A deletion that fails is a warning with the
 * {@code kubectl} line that finishes the job: it never hides the run's own outcome.
 */
public final class Cleanup {

    private record Entry(String what, String kubectl, Runnable delete) {}

    private final Deque<Entry> entries = new ArrayDeque<>();
    private final Console console;

    public Cleanup(Console console) {
        this.console = console;
    }

    /**
     * Records a created object.
     *
     * @param what e.g. {@code Job llmdbench-x-launcher}
     * @param kubectl the command a user runs to delete it by hand
     * @param delete deletes it
     */
    public void created(String what, String kubectl, Runnable delete) {
        entries.push(new Entry(what, kubectl, delete));
    }

    /** Whether anything was created. */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The objects still recorded, newest first, for "left in place" messages. */
    public java.util.List<String> remaining() {
        return entries.stream().map(Entry::what).toList();
    }

    /** Deletes everything recorded, newest first. Clears the interrupt flag while it works, and restores it. */
    public void deleteAll() {
        boolean interrupted = Thread.interrupted();
        try {
            while (!entries.isEmpty()) {
                Entry e = entries.pop();
                try {
                    e.delete.run();
                    console.info("deleted " + e.what);
                } catch (RuntimeException ex) {
                    console.warn(
                            "could not delete " + e.what + " (" + ex.getMessage() + "); delete it with: " + e.kubectl);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Forgets everything recorded (the user asked to keep it). */
    public void keepAll() {
        entries.clear();
    }
}
