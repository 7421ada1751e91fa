package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.WorkloadRequest;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import java.util.ArrayList;
import java.util.List;

/**
 * Share {@code index} of {@code count} of a profile's load ({@code harness bench --shard I/N}): open-loop rates are
 * divided by N over the same duration, request counts and concurrency are split with the remainder going to the
 * first shards, and the data set is partitioned round-robin (shard I sends the full run's requests I, I+N, I+2N, ...
 * of each stage), so the N shards together send what one run would. Arrival times are drawn from a seed of their own
 * per shard, so Poisson shards do not burst in step; the data keeps the profile's seed, so the partition is of one
 * data set.
 *
 * @param index this shard, 0 &lt;= index &lt; count
 * @param count shards in the run (&gt;= 1)
 */
public record Shard(int index, int count) {

    /** The one-shard run: the whole load. */
    public static final Shard WHOLE = new Shard(0, 1);

    /** Odd constant spreading the shards' arrival seeds (the 64-bit golden ratio). */
    private static final long SEED_STRIDE = 0x9E3779B97F4A7C15L;

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " is not 0 <= I < N");
        }
    }

    /**
     * Parses {@code I/N} as the Kubernetes launcher's pod command writes it.
     *
     * @throws HarnessException (usage) naming {@code --shard} and the expected form
     */
    public static Shard parse(String text) {
        String[] parts = text == null ? new String[0] : text.strip().split("/", -1);
        try {
            if (parts.length == 2) {
                int i = Integer.parseInt(parts[0].strip());
                int n = Integer.parseInt(parts[1].strip());
                if (n >= 1 && i >= 0 && i < n) {
                    return new Shard(i, n);
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw HarnessException.usage("--shard '" + text + "': expected I/N with 0 <= I < N, e.g. --shard 0/3");
    }

    /** Whether this is a part of a larger run. */
    public boolean sharded() {
        return count > 1;
    }

    /** {@code I/N}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }

    /** This shard's part of {@code total} things: {@code total / N}, plus one for the first {@code total % N}. */
    public long share(long total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /**
     * This shard's load.
     *
     * @throws HarnessException (usage) when a stage cannot be split N ways: fewer requests or less concurrency than
     *     shards, or a sweep (each shard would probe a server the others are loading)
     */
    public LoadSpec apply(LoadSpec load) {
        if (!sharded()) {
            return load;
        }
        List<Stage> out = new ArrayList<>();
        int k = 0;
        for (Stage s : load.stages()) {
            out.add(split(k++, s));
        }
        return new LoadSpec(
                out,
                load.requestTimeoutS(),
                load.intervalS(),
                load.maxInFlight() > 0 ? (int) Math.max(1, share(load.maxInFlight())) : 0,
                arrivalSeed(load));
    }

    private Stage split(int k, Stage s) {
        return switch (s) {
            case Stage.Rate r -> {
                long n = share(r.requests());
                if (n < 1) {
                    throw tooSmall(k, r.requests() + " requests");
                }
                yield new Stage.Rate(r.rate() / count, r.durationS(), r.arrival(), n);
            }
            case Stage.Concurrency c -> {
                int conc = (int) share(c.concurrency());
                long n = share(c.requests());
                if (conc < 1 || (c.requests() > 0 && n < 1)) {
                    throw tooSmall(k, c.concurrency() + " concurrent, " + c.requests() + " requests");
                }
                yield new Stage.Concurrency(conc, n, c.durationS());
            }
            case Stage.Replay rp ->
                throw HarnessException.usage("--shard " + this + ": stage " + k + " replays a trace, whose sessions"
                        + " and schedule are one run's; replay it from one client (drop --shard)");
            case Stage.Sweep sw ->
                throw HarnessException.usage("--shard " + this + ": stage " + k + " is a sweep, which plans its"
                        + " stages from a probe of an unloaded server; shard a profile of fixed stages (rates or"
                        + " concurrencies)");
        };
    }

    private HarnessException tooSmall(int k, String what) {
        return HarnessException.usage("--shard " + this + ": stage " + k + " (" + what + ") cannot be split " + count
                + " ways; use fewer shards or a larger stage");
    }

    /** The seed this shard's arrival times are drawn from (the profile's for the whole run). */
    long arrivalSeed(LoadSpec load) {
        return sharded() ? load.seed() + SEED_STRIDE * (index + 1) : load.seed();
    }

    /** This shard's part of a data set: its i-th request of a stage is the full run's request {@code i*N + I}. */
    public PromptFeed partition(PromptFeed all) {
        if (!sharded()) {
            return all;
        }
        return new PromptFeed() {
            @Override
            public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
                return all.request(stage, indexInStage * count + index, runIndex * count + index);
            }

            @Override
            public String describe() {
                return all.describe() + "; shard " + Shard.this + " sends every " + count + "th request from " + index;
            }
        };
    }
}
