package io.llmharness.client.health;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Stop-the-world GC pauses while it is open, from the JVM's GC notifications: count, total and longest. Collectors
 * that report concurrent cycles beside their pauses (G1's "Concurrent GC", ZGC's and Shenandoah's "Cycles") are
 * skipped, so only time the application stood still counts. Durations have millisecond resolution.
 */
final class GcWatch implements NotificationListener, AutoCloseable {

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final Set<String> collectors = new LinkedHashSet<>();
    private final AtomicLong pauses = new AtomicLong();
    private final AtomicLong totalMs = new AtomicLong();
    private final AtomicLong maxMs = new AtomicLong();

    GcWatch() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e && isPause(gc.getName())) {
                e.addNotificationListener(this, null, null);
                emitters.add(e);
                collectors.add(gc.getName());
            }
        }
    }

    /** Whether a collector bean reports stop-the-world pauses (not concurrent cycles). */
    static boolean isPause(String beanName) {
        String n = beanName.toLowerCase(Locale.ROOT);
        return !n.contains("cycles") && !n.contains("concurrent");
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long ms = info.getGcInfo().getDuration();
        pauses.incrementAndGet();
        totalMs.addAndGet(ms);
        maxMs.accumulateAndGet(ms, Math::max);
    }

    /** Pauses seen. */
    long pauses() {
        return pauses.get();
    }

    /** Their total, ms. */
    long totalMs() {
        return totalMs.get();
    }

    /** The longest, ms. */
    long maxMs() {
        return maxMs.get();
    }

    /** The pause-reporting collectors, e.g. {@code [G1 Young Generation, G1 Old Generation]}. */
    List<String> collectors() {
        return List.copyOf(collectors);
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (ListenerNotFoundException ignored) {
                // already gone
            }
        }
    }
}
