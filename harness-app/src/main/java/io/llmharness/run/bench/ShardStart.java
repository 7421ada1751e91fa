package io.llmharness.run.bench;

import io.llmharness.loadgen.clock.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where this run sits among its shards, and the clock mapping that places its first stage on the shared start
 * instant: {@code startAt} in wall-clock time is {@link #deadlineNs()} on the run's monotonic clock, taken once from
 * one reading of each clock, so the wait is a single park until that instant (no polling of the wall clock).
 *
 * @param shard which share of the load
 * @param startAt the shared start instant, or null when the run starts right after its warm-up
 * @param anchorWall a wall-clock reading
 * @param anchorNs the monotonic reading taken with {@code anchorWall}
 */
record ShardStart(Shard shard, Instant startAt, Instant anchorWall, long anchorNs) {

    /** Reads both clocks now. */
    static ShardStart plan(Shard shard, Instant startAt, Clock clock) {
        return new ShardStart(shard, startAt, Instant.now(), clock.nanoTime());
    }

    /** The monotonic time of the start instant, if there is one. */
    Optional<Long> deadlineNs() {
        if (startAt == null) {
            return Optional.empty();
        }
        return Optional.of(anchorNs + saturatedNanos(Duration.between(anchorWall, startAt)));
    }

    /** The wall-clock instant of a monotonic reading of this run. */
    Instant wallOf(long nanos) {
        return anchorWall.plusNanos(nanos - anchorNs);
    }

    /** Lines for the console: which shard, and how long until the start (or how late it already is). */
    List<String> describe() {
        List<String> out = new ArrayList<>();
        if (shard.sharded()) {
            out.add("harness: shard " + shard + " of the load");
        }
        if (startAt != null) {
            long ms = Duration.between(anchorWall, startAt).toMillis();
            out.add(
                    ms >= 0
                            ? "harness: the first stage starts at " + startAt + " (in " + ms + " ms, after the warm-up)"
                            : "harness: warning: --start-at " + startAt + " passed " + -ms
                                    + " ms ago; starting after the" + " warm-up, out of step with the other shards");
        }
        return out;
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return d.isNegative() ? Long.MIN_VALUE / 4 : Long.MAX_VALUE / 4;
        }
    }
}
