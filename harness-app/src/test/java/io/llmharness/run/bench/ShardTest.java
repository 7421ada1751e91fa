package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.data.WorkloadRequest;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Splitting a load N ways: the shards together send what one run would. */
class ShardTest {

    @Test
    void parsesIOverNAsTheLauncherWritesItAndRejectsEverythingElseWithOneUsageLine() {
        assertThat(Shard.parse("2/3")).isEqualTo(new Shard(2, 3));
        assertThat(Shard.parse("0/1")).isEqualTo(Shard.WHOLE);
        for (String bad : List.of("3/3", "-1/3", "1/0", "1", "a/3", "1/3/4", "", "1/")) {
            assertThatThrownBy(() -> Shard.parse(bad))
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("--shard '" + bad + "'")
                    .hasMessageContaining("I/N");
        }
    }

    @Test
    void ratesAreDividedAndRequestsAndConcurrencySplitWithTheRemainderToTheFirstShards() {
        LoadSpec load = new LoadSpec(
                List.of(new Stage.Rate(10, 3, Arrival.POISSON, 31), new Stage.Concurrency(8, 20, 0)), 30.0, 1, 5, 42);
        long requests = 0;
        long concurrency = 0;
        double rate = 0;
        List<Long> rateShares = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            LoadSpec s = new Shard(i, 3).apply(load);
            Stage.Rate r = (Stage.Rate) s.stages().get(0);
            Stage.Concurrency c = (Stage.Concurrency) s.stages().get(1);
            assertThat(r.durationS()).isEqualTo(3);
            assertThat(r.arrival()).isEqualTo(Arrival.POISSON);
            rate += r.rate();
            requests += r.requests();
            rateShares.add(r.requests());
            concurrency += c.concurrency();
            assertThat(s.seed()).as("arrival seeds differ per shard").isNotEqualTo(42);
            assertThat(s.maxInFlight()).isBetween(1, 2);
        }
        assertThat(rate).isCloseTo(10, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(requests).isEqualTo(31);
        assertThat(rateShares).containsExactly(11L, 10L, 10L);
        assertThat(concurrency).isEqualTo(8);
        assertThat(((Stage.Concurrency) new Shard(0, 3).apply(load).stages().get(1)).concurrency())
                .isEqualTo(3);
        assertThat(Shard.WHOLE.apply(load)).isSameAs(load);
    }

    @Test
    void aStageTooSmallToSplitOrASweepIsAUsageError() {
        LoadSpec small = new LoadSpec(List.of(new Stage.Concurrency(2, 10, 0)), null, 0, 0, 1);
        assertThatThrownBy(() -> new Shard(2, 3).apply(small))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("--shard 2/3: stage 0")
                .hasMessageContaining("cannot be split 3 ways");
        LoadSpec sweep = new LoadSpec(
                List.of(new Stage.Sweep(new SweepSpec.Guidellm(3, 10, 0, 0, Arrival.POISSON))), null, 0, 0, 1);
        assertThatThrownBy(() -> new Shard(0, 2).apply(sweep))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("sweep");
    }

    @Test
    void theDataSetIsPartitionedRoundRobinSoTheShardsTogetherSendEveryRequestOnce() {
        PromptFeed all = new PromptFeed() {
            @Override
            public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
                return new StaticRequest(indexInStage, new io.llmharness.client.Prompt.Text("p" + indexInStage), 1, 1);
            }

            @Override
            public String describe() {
                return "test";
            }
        };
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Shard s = new Shard(i, 3);
            PromptFeed part = s.partition(all);
            for (long k = 0; k < s.share(10); k++) {
                seen.add(((io.llmharness.client.Prompt.Text)
                                part.request(0, k, k).prompt())
                        .text());
            }
        }
        assertThat(seen).containsExactlyInAnyOrder("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9");
    }
}
