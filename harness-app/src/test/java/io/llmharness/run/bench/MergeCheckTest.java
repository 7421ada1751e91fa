package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import io.llmharness.run.bench.MergeShard.ShardId;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The refusals of {@code harness merge}: each is one line naming the directory and what differs. */
class MergeCheckTest {

    private static ShardId shard(int index, int count) {
        return new ShardId(
                Path.of("out", "s" + index),
                index,
                count,
                "2026-01-01T00:00:00Z",
                "inference-perf",
                "p.yaml",
                "load: 1");
    }

    @Test
    void theShardsOfOneRunPass() {
        assertThat(MergeCheck.check(List.of(shard(2, 3), shard(0, 3), shard(1, 3)), false))
                .isEmpty();
    }

    @Test
    void aMissingShardIsNamedAndAllowedOnlyWithAllowMissing() {
        assertThatThrownBy(() -> MergeCheck.check(List.of(shard(0, 3), shard(2, 3)), false))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("shard 1/3 of the run of " + Path.of("out", "s0") + " is missing")
                .hasMessageContaining("--allow-missing to merge the 2 of 3 shards");
        assertThatThrownBy(() -> MergeCheck.check(List.of(shard(0, 4)), false))
                .hasMessageContaining("shards 1/4, 2/4, 3/4 of the run")
                .hasMessageContaining("are missing");
        assertThat(MergeCheck.check(List.of(shard(0, 3), shard(2, 3)), true)).containsExactly(1);
    }

    @Test
    void aDuplicateIndexNamesBothDirectories() {
        ShardId again =
                new ShardId(Path.of("elsewhere"), 1, 3, "2026-01-01T00:00:00Z", "inference-perf", "p.yaml", "load: 1");
        assertThatThrownBy(() -> MergeCheck.check(List.of(shard(0, 3), shard(1, 3), again), false))
                .hasMessageContaining("elsewhere is shard 1/3 again (also " + Path.of("out", "s1") + ")");
    }

    @Test
    void aShardOfAnotherRunNamesTheDirectoryAndTheDifference() {
        ShardId first = shard(0, 3);
        for (var c : List.of(
                List.of(
                        new ShardId(Path.of("x"), 1, 4, first.startAt(), "inference-perf", "p.yaml", "load: 1"),
                        "it is shard 1/4, the run has 3 shards"),
                List.of(
                        new ShardId(Path.of("x"), 1, 3, "2026-02-02T00:00:00Z", "inference-perf", "p.yaml", "load: 1"),
                        "2026-02-02T00:00:00Z"),
                List.of(
                        new ShardId(Path.of("x"), 1, 3, first.startAt(), "guidellm", "p.yaml", "load: 1"),
                        "harness is guidellm"),
                List.of(
                        new ShardId(Path.of("x"), 1, 3, first.startAt(), "inference-perf", "q.yaml", "load: 1"),
                        "profile is q.yaml"),
                List.of(
                        new ShardId(Path.of("x"), 1, 3, first.startAt(), "inference-perf", "p.yaml", "load: 2"),
                        "differs"))) {
            ShardId other = (ShardId) c.get(0);
            assertThatThrownBy(() -> MergeCheck.check(List.of(first, other), true))
                    .isInstanceOf(HarnessException.class)
                    .hasMessageStartingWith("harness merge: x is not a shard of the run of " + first.dir())
                    .hasMessageContaining((String) c.get(1))
                    .satisfies(
                            e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(3))
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }
}
