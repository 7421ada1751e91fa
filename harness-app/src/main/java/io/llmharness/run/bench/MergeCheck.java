package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.run.bench.MergeShard.ShardId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Decides whether shard directories are the shards of one run, and refuses with one line naming the directory and
 * what differs when they are not: a different shard count, shared start instant, harness or rendered profile, an
 * index given twice, or a missing index (unless {@code --allow-missing}). Pure.
 */
final class MergeCheck {

    private MergeCheck() {}

    /**
     * Checks the shards against the first one.
     *
     * @return the missing shard indices (empty unless {@code allowMissing})
     * @throws HarnessException (config) naming the directory and the difference
     */
    static List<Integer> check(List<ShardId> shards, boolean allowMissing) {
        if (shards.isEmpty()) {
            throw HarnessException.usage("harness merge: no shard directories given");
        }
        ShardId first = shards.get(0);
        TreeMap<Integer, ShardId> byIndex = new TreeMap<>();
        for (ShardId s : shards) {
            String why = differs(first, s);
            if (why != null) {
                throw HarnessException.config(
                        "harness merge: " + s.dir() + " is not a shard of the run of " + first.dir() + ": " + why);
            }
            ShardId seen = byIndex.putIfAbsent(s.index(), s);
            if (seen != null) {
                throw HarnessException.config("harness merge: " + s.dir() + " is shard " + s.index() + "/" + s.count()
                        + " again (also " + seen.dir() + "); give each shard once");
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < first.count(); i++) {
            if (!byIndex.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty() && !allowMissing) {
            throw HarnessException.config("harness merge: shard" + (missing.size() == 1 ? " " : "s ")
                    + join(missing, first.count()) + " of the run of " + first.dir()
                    + (missing.size() == 1 ? " is" : " are") + " missing; pass "
                    + (missing.size() == 1 ? "its directory" : "their directories")
                    + ", or --allow-missing to merge the " + byIndex.size() + " of " + first.count()
                    + " shards that are here");
        }
        return missing;
    }

    private static String differs(ShardId a, ShardId b) {
        if (a.count() != b.count()) {
            return "it is shard " + b.index() + "/" + b.count() + ", the run has " + a.count() + " shards";
        }
        if (!Objects.equals(a.startAt(), b.startAt())) {
            return "its shared start instant (--start-at) is " + b.startAt() + ", not " + a.startAt();
        }
        if (!a.harness().equals(b.harness())) {
            return "its harness is " + b.harness() + ", not " + a.harness();
        }
        if (!a.profileName().equals(b.profileName())) {
            return "its profile is " + b.profileName() + ", not " + a.profileName();
        }
        if (!a.profileText().equals(b.profileText())) {
            return "its rendered profile " + b.profileName() + " differs (other -o overrides, model or endpoint)";
        }
        return null;
    }

    private static String join(List<Integer> missing, int count) {
        return String.join(", ", missing.stream().map(i -> i + "/" + count).toList());
    }
}
