package io.llmharness.loadgen.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.QuerySample;
import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The issue loop's stopping paths, on the virtual clock through the public API: an abort while it waits for a
 * Server query's scheduled time, an abort while a SingleStream or MultiStream query is outstanding, and the
 * accuracy runs that issue every sample whatever the query-count limit. (Natural ends, max query count, max
 * duration, too many outstanding queries and coalescing are in {@code ScenarioRunTest}.)
 */
class IssueLoopTest {

    @TempDir
    Path dir;

    /**
     * Answers every sample at once, except that its {@code abortAt}-th issueQuery call schedules an abort 1 ms later
     * (while LoadGen waits: for the next query's time, or for this query's answer when {@code answerTheLast} is
     * false).
     */
    private static final class AbortingSut implements SystemUnderTest {
        private final Run run;
        private final int abortAt;
        private final boolean answerTheLast;
        int calls;
        int samples;

        AbortingSut(Run run, int abortAt, boolean answerTheLast) {
            this.run = run;
            this.abortAt = abortAt;
            this.answerTheLast = answerTheLast;
        }

        @Override
        public String name() {
            return "AbortingSUT";
        }

        @Override
        public void issueQuery(List<QuerySample> query) {
            calls++;
            samples += query.size();
            if (calls == abortAt) {
                run.clock.scheduleIn(1_000_000, run.loadGen::abortTest);
                if (!answerTheLast) {
                    return;
                }
            }
            for (QuerySample s : query) {
                run.loadGen.querySamplesComplete(new QuerySampleResponse(s.id(), new byte[0]));
            }
        }

        @Override
        public void flushQueries() {}
    }

    @Test
    void anAbortWhileAServerQueryWaitsForItsTimeStopsIssuing() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.serverTargetQps = 10;
        run.settings.minDurationMs = 600_000;
        run.settings.minQueryCount = 1000;
        AbortingSut sut = new AbortingSut(run, 5, true);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        assertThat(r.aborted()).isTrue();
        assertThat(sut.calls).as("nothing issued after the abort").isEqualTo(5);
    }

    @Test
    void anAbortWhileASingleStreamQueryIsOutstandingStopsWaitingForIt() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SINGLE_STREAM;
        run.settings.minDurationMs = 10_000;
        run.settings.minQueryCount = 100;
        AbortingSut sut = new AbortingSut(run, 3, false);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        assertThat(r.aborted()).isTrue();
        assertThat(sut.calls).isEqualTo(3);
        assertThat(run.detail()).contains("Encountered incomplete samples at the end of a series of queries. count: 1");
    }

    @Test
    void anAbortWhileAMultiStreamQueryIsOutstandingStopsWaitingForIt() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.MULTI_STREAM;
        run.settings.multiStreamSamplesPerQuery = 4;
        run.settings.minDurationMs = 10_000;
        run.settings.minQueryCount = 100;
        AbortingSut sut = new AbortingSut(run, 2, false);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        assertThat(r.aborted()).isTrue();
        assertThat(sut.calls).isEqualTo(2);
        assertThat(sut.samples).as("two queries of four samples").isEqualTo(8);
    }

    @Test
    void accuracyRunsIssueEverySampleWhateverTheQueryLimit() {
        Run run = new Run(dir);
        run.settings.scenario = Scenario.SERVER;
        run.settings.mode = TestMode.ACCURACY_ONLY;
        run.settings.serverTargetQps = 1000;
        run.settings.maxQueryCount = 5;
        run.settings.serverMaxAsyncQueries = 1;
        AbortingSut sut = new AbortingSut(run, -1, true);
        TestResult r = run.start(sut, new RecordingQsl(100, 64));
        assertThat(r.aborted()).isFalse();
        assertThat(sut.samples).as("every sample of the library, once").isEqualTo(100);
        assertThat(run.errors()).isEmpty();
    }
}
