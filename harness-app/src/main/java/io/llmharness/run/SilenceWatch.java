package io.llmharness.run;

import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.transport.Silence;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says when requests are outstanding and nothing comes back: every {@link #interval()} the client's exchanges are
 * scanned, and when some have heard nothing from their server (no headers, or no body bytes) for the whole interval,
 * one line goes to the terminal and to {@code harness.log}: {@code harness: 37 requests silent for 60 s (oldest sent
 * 75 s ago to http://...)}. So at most one line per interval, and none while answers flow. The interval is 60 s,
 * {@value #ENV} (seconds) changes it. The scan runs on the client's event loops between requests' events; the
 * watch's own thread only schedules it.
 */
public final class SilenceWatch implements AutoCloseable {

    /** The variable that sets the interval in seconds (decimals allowed). */
    public static final String ENV = "HARNESS_SILENCE_INTERVAL_S";

    /** The interval without {@value #ENV}. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(60);

    private static final Logger LOG = LoggerFactory.getLogger(SilenceWatch.class);

    private final ScheduledExecutorService timer;
    private final Duration interval;

    private SilenceWatch(ScheduledExecutorService timer, Duration interval) {
        this.timer = timer;
        this.interval = interval;
    }

    /**
     * Starts watching {@code client}: each line goes to {@code note} ({@link #logged} adds the log).
     *
     * @param interval how long a request must be silent to count, and the time between checks
     */
    public static SilenceWatch start(LlmClient client, Duration interval, Consumer<String> note) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "silence-watch");
            t.setDaemon(true);
            return t;
        });
        long ns = interval.toNanos();
        timer.scheduleAtFixedRate(
                () -> client.silence(ns).onSuccess(s -> {
                    if (s.count() > 0) {
                        note.accept(line(s, interval, System.nanoTime()));
                    }
                }),
                ns,
                ns,
                TimeUnit.NANOSECONDS);
        return new SilenceWatch(timer, interval);
    }

    /**
     * {@code note} that also writes each line to the harness's log ({@code harness.log} while a run has it open: the
     * log goes there instead of the terminal, so the line is not shown twice).
     */
    public static Consumer<String> logged(Consumer<String> note) {
        return line -> {
            LOG.warn(line);
            note.accept(line);
        };
    }

    /** The interval from {@value #ENV} in this environment, or {@link #DEFAULT_INTERVAL}. */
    public static Duration interval(Map<String, String> env) {
        String v = env.get(ENV);
        if (v == null || v.isBlank()) {
            return DEFAULT_INTERVAL;
        }
        try {
            double s = Double.parseDouble(v.strip());
            if (s > 0 && s <= 86_400) {
                return Duration.ofNanos(Math.round(s * 1e9));
            }
        } catch (NumberFormatException e) {
            // falls through to the warning
        }
        LOG.warn("{}={} is not a number of seconds from 0 to 86400; the silence interval stays 60 s", ENV, v);
        return DEFAULT_INTERVAL;
    }

    /** The line for these silent requests, {@code nowNs} on the same clock as their send times. */
    static String line(Silence s, Duration interval, long nowNs) {
        return "harness: " + s.count() + (s.count() == 1 ? " request" : " requests") + " silent for "
                + seconds(interval.toNanos()) + " (oldest sent " + seconds(nowNs - s.oldestSentNs()) + " ago to "
                + s.oldestUrl() + ")";
    }

    private static String seconds(long ns) {
        double s = ns / 1e9;
        return s >= 10 || s == Math.rint(s)
                ? String.format(Locale.ROOT, "%.0f s", s)
                : String.format(Locale.ROOT, "%.1f s", s);
    }

    /** The interval this watch uses. */
    public Duration interval() {
        return interval;
    }

    /** Stops watching. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
