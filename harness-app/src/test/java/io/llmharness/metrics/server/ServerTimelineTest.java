package io.llmharness.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.metrics.StageWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Signals from scrapes: gauges as scraped, counters as rates, hit rates as ratios, servers combined. */
class ServerTimelineTest {

    static final String A = "http://a:8000";
    static final String B = "http://b:8000";

    static ScrapedValue v(double t, String server, String metric, double value) {
        return new ScrapedValue(t, server, metric, value, 1);
    }

    @Test
    void gaugesAreSummedOverServersAndFractionsAveraged() {
        List<ScrapedValue> in = List.of(
                v(0, A, "vllm:num_requests_running", 4),
                v(0, B, "vllm:num_requests_running", 6),
                v(1, A, "vllm:num_requests_running", 8),
                v(1, B, "vllm:num_requests_running", 2),
                v(0, A, "vllm:kv_cache_usage_perc", 0.2),
                v(0, B, "vllm:kv_cache_usage_perc", 0.4),
                new ScrapedValue(1, A, "vllm:kv_cache_usage_perc", 1.2, 2)); // two engines: mean 0.6
        ServerTimeline t = ServerTimeline.of(in);
        assertThat(t.servers()).containsExactly(A, B);
        assertThat(t.scrapes()).isEqualTo(2);
        SignalSeries running = t.combined(ServerSignal.RUNNING);
        assertThat(running.values()).containsExactly(10, 10);
        SignalSeries kv = t.combined(ServerSignal.KV_CACHE_USAGE);
        assertThat(kv.values()[0]).isCloseTo(0.3, within(1e-12));
        assertThat(kv.values()[1]).isCloseTo(0.6, within(1e-12));
        SignalStats s = t.stats(ServerSignal.RUNNING, new StageWindow("all", 0, 1_000_000_000L));
        assertThat(s.mean()).isEqualTo(10);
        assertThat(s.max()).isEqualTo(10);
        assertThat(t.has(ServerSignal.WAITING)).isFalse();
        assertThat(t.stats(ServerSignal.WAITING, new StageWindow("all", 0, 1)).isEmpty())
                .isTrue();
    }

    @Test
    void countersBecomeRatesAndSurviveARestart() {
        List<ScrapedValue> in = new ArrayList<>();
        double[] counter = {0, 100, 300, 50, 150}; // the server restarted between t=2 and t=3
        for (int i = 0; i < counter.length; i++) {
            in.add(v(i * 2, A, "vllm:generation_tokens_total", counter[i]));
        }
        ServerTimeline t = ServerTimeline.of(in);
        SignalSeries rate = t.combined(ServerSignal.GENERATION_TOKENS);
        assertThat(rate.timesS()).containsExactly(2, 4, 6, 8);
        assertThat(rate.values()).containsExactly(50, 100, 25, 50);
        SignalStats whole = t.stats(ServerSignal.GENERATION_TOKENS, new StageWindow("all", 0, 8_000_000_000L));
        assertThat(whole.total()).isEqualTo(100 + 200 + 50 + 100);
        assertThat(whole.mean()).isEqualTo(450 / 8.0);
        assertThat(whole.max()).isEqualTo(100);
        // a stage from 3 s to 5 s counts from the last scrape before it (2 s) to the first after it (6 s)
        SignalStats part =
                t.stats(ServerSignal.GENERATION_TOKENS, new StageWindow("mid", 3_000_000_000L, 5_000_000_000L));
        assertThat(part.total()).isEqualTo(200 + 50);
        assertThat(part.mean()).isEqualTo(250 / 4.0);
    }

    @Test
    void hitRatesAreIncreasesOfHitsOverLookupsSummedOverServers() {
        List<ScrapedValue> in = List.of(
                v(0, A, "vllm:prefix_cache_hits_total", 0),
                v(0, A, "vllm:prefix_cache_queries_total", 0),
                v(1, A, "vllm:prefix_cache_hits_total", 30),
                v(1, A, "vllm:prefix_cache_queries_total", 100),
                v(0, B, "sglang:cached_tokens_total", 10),
                v(0, B, "sglang:prompt_tokens_total", 100),
                v(1, B, "sglang:cached_tokens_total", 80),
                v(1, B, "sglang:prompt_tokens_total", 200));
        ServerTimeline t = ServerTimeline.of(in);
        assertThat(t.sourceNames(ServerSignal.PREFIX_CACHE_HIT_RATE))
                .containsEntry(A, "vllm:prefix_cache_hits_total")
                .containsEntry(B, "sglang:cached_tokens_total");
        SignalStats s = t.stats(ServerSignal.PREFIX_CACHE_HIT_RATE, new StageWindow("all", 0, 1_000_000_000L));
        assertThat(s.mean()).isCloseTo((30.0 + 70) / (100 + 100), within(1e-12));
        assertThat(s.total()).isNull();
        assertThat(t.combined(ServerSignal.PREFIX_CACHE_HIT_RATE).values()[0])
                .isCloseTo((0.3 + 0.7) / 2, within(1e-12));
    }

    @Test
    void olderVllmAndSglangNamesAreReadToo() {
        ServerTimeline t = ServerTimeline.of(List.of(
                v(0, A, "vllm:gpu_cache_usage_perc", 0.5),
                v(0, B, "sglang:token_usage", 0.25),
                v(0, B, "sglang:num_running_reqs", 3),
                v(0, B, "sglang:num_queue_reqs", 1)));
        assertThat(t.sourceNames(ServerSignal.KV_CACHE_USAGE))
                .containsEntry(A, "vllm:gpu_cache_usage_perc")
                .containsEntry(B, "sglang:token_usage");
        assertThat(t.combined(ServerSignal.WAITING).values()).containsExactly(1);
        assertThat(ServerSignal.allMetricNames()).contains("sglang:gen_throughput", "vllm:num_preemptions_total");
    }

    @Test
    void summaryHasEveryStageAndTheSourcesUsed() {
        ServerTimeline t = ServerTimeline.of(
                List.of(v(0, A, "vllm:num_requests_running", 1), v(0.5, A, "vllm:num_requests_running", 3)));
        ServerMetricsSummary s = ServerMetricsSummary.of(
                t,
                List.of(new StageWindow("one", 0, 250_000_000L), new StageWindow("two", 250_000_000L, 600_000_000L)));
        assertThat(s.scrapes()).isEqualTo(2);
        assertThat(s.intervalS()).isEqualTo(0.5);
        assertThat(s.sources()).containsOnlyKeys(ServerSignal.RUNNING);
        assertThat(s.stages())
                .extracting(st -> st.signals().get(ServerSignal.RUNNING).mean())
                .containsExactly(1.0, 3.0);
    }
}
