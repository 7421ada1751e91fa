package io.llmharness.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which rows a replay sends and when: pure, exact times. */
class ReplayPlanTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    private static Trace trace(TraceRequest... rows) {
        return new Trace("t.jsonl", TraceFormat.MOONCAKE, 16, List.of(rows), 0);
    }

    private static TraceRequest at(long line, long offsetNs) {
        return TraceRequest.of(line, offsetNs, 10, 5);
    }

    private static TraceRequest turn(long line, String session, long offsetNs, long delayNs) {
        return new TraceRequest(line, offsetNs, 10, 5, new int[0], session, delayNs, null);
    }

    private static long[] starts(ReplayPlan p) {
        return p.sessions().stream().mapToLong(ReplayPlan.Session::startNs).toArray();
    }

    @Test
    void theSpeedupDividesTheRecordedOffsets() {
        Trace t = trace(at(1, 0), at(2, S), at(3, 3 * S));
        assertThat(starts(ReplayPlan.of(t, ReplayOptions.defaults(), 1))).containsExactly(0, S, 3 * S);
        assertThat(starts(ReplayPlan.of(t, ReplayOptions.defaults().withSpeedup(2), 1)))
                .containsExactly(0, S / 2, 3 * S / 2);
    }

    @Test
    void idleGapsAreCutToTheLargestGapOfTheReplay() {
        Trace t = trace(at(1, 0), at(2, S), at(3, 100 * S), at(4, 100 * S + 10 * MS));
        ReplayOptions o = ReplayOptions.defaults().with(0, Double.POSITIVE_INFINITY, 2, 1, 0);
        assertThat(starts(ReplayPlan.of(t, o, 1))).containsExactly(0, S, 3 * S, 3 * S + 10 * MS);
        // after the speedup: a 100 s gap at 10x is 10 s of replay, cut to 2 s
        assertThat(starts(ReplayPlan.of(t, o.withSpeedup(10), 1)))
                .containsExactly(0, S / 10, S / 10 + 2 * S, S / 10 + 2 * S + MS);
    }

    @Test
    void aWindowKeepsTheSessionsStartingInItAndStartsAtItsFirstRow() {
        Trace t = trace(at(1, 0), at(2, S), at(3, 2 * S), at(4, 3 * S), at(5, 4 * S));
        ReplayOptions o = ReplayOptions.defaults().with(1, 3, Double.POSITIVE_INFINITY, 1, 0);
        ReplayPlan p = ReplayPlan.of(t, o, 1);
        assertThat(p.rows()).extracting(TraceRequest::line).containsExactly(2L, 3L);
        assertThat(starts(p)).containsExactly(0, S);
    }

    @Test
    void maxRequestsCountsRowsInTheOrderSessionsStart() {
        Trace t = trace(turn(1, "a", 0, -1), at(2, S), turn(3, "a", -1, 100 * MS), turn(4, "a", -1, 100 * MS));
        ReplayPlan p = ReplayPlan.of(t, ReplayOptions.defaults().withMaxRequests(2), 1);
        assertThat(p.rows()).extracting(TraceRequest::line).containsExactly(1L, 3L);
        assertThat(p.sessions()).hasSize(1);
    }

    @Test
    void aSessionsTurnsFollowEachOtherWithTheirThinkTimeScaledByTheSpeedup() {
        Trace t = trace(turn(1, "a", 0, -1), at(2, S), turn(3, "a", -1, 500 * MS), turn(4, "a", 5 * S, 0));
        ReplayPlan p = ReplayPlan.of(t, ReplayOptions.defaults().withSpeedup(2), 1);
        assertThat(p.sessions()).hasSize(2);
        ReplayPlan.Session a = p.sessions().get(0);
        assertThat(a.id()).isEqualTo("a");
        assertThat(a.turns())
                .containsExactly(
                        new ReplayPlan.Turn(0, 1, 0, 0),
                        new ReplayPlan.Turn(1, 2, -1, 250 * MS),
                        new ReplayPlan.Turn(2, 3, 5 * S / 2, 0));
        assertThat(p.sessions().get(1).turns()).containsExactly(new ReplayPlan.Turn(3, 1, 0, 0));
        assertThat(p.multiTurn()).isTrue();
        assertThat(p.requests()).isEqualTo(4);
    }

    @Test
    void aSessionRateStartsSessionsEvenlyInsteadOfAtTheirRecordedTimes() {
        Trace t = trace(at(1, 0), at(2, 10 * S), at(3, 11 * S), at(4, 50 * S));
        ReplayOptions o = ReplayOptions.defaults().with(0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 1, 2);
        assertThat(starts(ReplayPlan.of(t, o, 1))).containsExactly(0, S / 2, S, 3 * S / 2);
    }

    @Test
    void theSessionSampleKeepsWholeSessionsAndDependsOnlyOnTheSeed() {
        List<TraceRequest> rows = new ArrayList<>();
        for (int s = 0; s < 1000; s++) {
            rows.add(turn(2L * s + 1, "s" + s, s * MS, -1));
            rows.add(turn(2L * s + 2, "s" + s, -1, MS));
        }
        Trace t = new Trace("t.jsonl", TraceFormat.MOONCAKE, 16, rows, 0);
        ReplayOptions o = ReplayOptions.defaults().with(0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0.1, 0);
        ReplayPlan a = ReplayPlan.of(t, o, 7);
        assertThat(a.sessions()).hasSizeBetween(60, 140);
        assertThat(a.sessions()).allMatch(s -> s.turns().size() == 2);
        assertThat(ReplayPlan.of(t, o, 7).rows()).isEqualTo(a.rows());
        Set<String> other = new HashSet<>();
        ReplayPlan.of(t, o, 8).sessions().forEach(s -> other.add(s.id()));
        Set<String> mine = new HashSet<>();
        a.sessions().forEach(s -> mine.add(s.id()));
        assertThat(other).isNotEqualTo(mine);
    }

    @Test
    void nothingLeftAfterTheFiltersIsAnErrorSayingWhichFilters() {
        Trace t = trace(at(1, 0), at(2, S));
        ReplayOptions o = ReplayOptions.defaults().with(5, 6, Double.POSITIVE_INFINITY, 1, 0);
        assertThatThrownBy(() -> ReplayPlan.of(t, o, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("window")
                .hasMessageContaining("trace seconds 5-6");
    }

    @Test
    void theOptionsRejectNonsense() {
        ReplayOptions d = ReplayOptions.defaults();
        assertThatThrownBy(() -> d.withSpeedup(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> d.with(3, 2, 1, 1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> d.with(0, 2, 1, 1.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(d.withConcurrentSessions(4).describe()).isEqualTo("speedup 1x, at most 4 sessions alive");
    }
}
