package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.VirtualSut;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Short runs on the real clock: completions from many threads, SUT issue threads, abort. */
class RealClockTest {

    @TempDir
    Path dir;

    private static TestSettings server(double qps, long minDurationMs) {
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.serverTargetQps = qps;
        s.minDurationMs = minDurationMs;
        s.minQueryCount = 100;
        return s;
    }

    @Test
    void completionsFromManyThreadsAndFromInsideIssueQuery() throws Exception {
        LoadGen lg = new LoadGen();
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(4);
        Set<String> completingThreads = ConcurrentHashMap.newKeySet();
        SystemUnderTest sut = new SystemUnderTest() {
            @Override
            public String name() {
                return "PoolSUT";
            }

            @Override
            public void issueQuery(List<QuerySample> samples) {
                for (QuerySample s : samples) {
                    QuerySampleResponse r = new QuerySampleResponse(s.id(), VirtualSut.data(s.index()));
                    if (s.id() % 5 == 0) {
                        lg.querySamplesComplete(r); // synchronously, on the issue thread
                    } else {
                        pool.schedule(
                                () -> {
                                    completingThreads.add(Thread.currentThread().getName());
                                    lg.querySamplesComplete(r);
                                },
                                ThreadLocalRandom.current().nextLong(50, 2000),
                                TimeUnit.MICROSECONDS);
                    }
                }
            }

            @Override
            public void flushQueries() {}
        };
        TestSettings s = server(2000, 400);
        s.accuracyLogProbability = 0.5;
        long start = System.nanoTime();
        TestResult r = lg.startTest(
                sut, new RecordingQsl(100, 64), s, LogSettings.defaults().withOutdir(dir));
        long wall = System.nanoTime() - start;
        pool.shutdownNow();
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(r.errorCount()).isZero();
        assertThat(p.sampleCount()).isEqualTo(p.queriesIssued());
        // latencies are real durations on the same clock: none longer than the whole test (how short they are on an
        // idle machine is perf/loadgen-schedule-delay.sh's subject)
        assertThat(p.samples().min()).isNotNegative();
        assertThat(p.samples().max()).isLessThan(wall);
        assertThat(completingThreads.size()).isGreaterThan(1);
        assertThat(r.accuracyLogEntries()).isBetween(p.sampleCount() / 4, p.sampleCount() * 3 / 4);
        String trace = Files.readString(r.logs().trace());
        assertThat(trace).startsWith("{\"traceEvents\":[\n").endsWith("\"version\":\"MLPerf LoadGen v1.0\"\n}\n}\n");
        assertThat(trace.split("\"ph\":\"b\"", -1)).hasSize((int) p.sampleCount() + 1);
        assertThat(trace.split("\"name\":\"Latency\"", -1)).hasSize((int) p.sampleCount() + 1);
    }

    @Test
    void sutProvidedIssueThreadsShareTheServerRun() throws Exception {
        LoadGen lg = new LoadGen();
        Set<String> issuers = ConcurrentHashMap.newKeySet();
        SystemUnderTest sut = new SystemUnderTest() {
            @Override
            public String name() {
                return "ThreadedSUT";
            }

            @Override
            public void issueQuery(List<QuerySample> samples) {
                issuers.add(Thread.currentThread().getName());
                for (QuerySample s : samples) {
                    lg.querySamplesComplete(new QuerySampleResponse(s.id(), new byte[0]));
                }
            }

            @Override
            public void flushQueries() {}
        };
        Thread[] threads = new Thread[2];
        for (int i = 0; i < 2; i++) {
            threads[i] = Thread.ofPlatform().name("sut-issuer-" + i).start(lg::registerIssueQueryThread);
        }
        TestSettings s = server(2000, 300);
        s.serverNumIssueQueryThreads = 2;
        TestResult r = lg.startTest(
                sut,
                new RecordingQsl(100, 64),
                s,
                LogSettings.defaults().withOutdir(dir).withEnableTrace(false));
        for (Thread t : threads) {
            t.join(5000);
            assertThat(t.isAlive()).isFalse();
        }
        assertThat(issuers).containsExactlyInAnyOrder("sut-issuer-0", "sut-issuer-1");
        assertThat(r.errorCount()).isZero();
        PerformanceSummary p = r.performance().orElseThrow();
        assertThat(p.queriesIssued()).isEqualTo(p.sampleCount());
        String detail = Files.readString(r.logs().detail());
        assertThat(detail)
                .contains("Registered IssueQueryThread[0]. thread ID : ")
                .contains("Registered IssueQueryThread[1]. thread ID : ");
    }

    @Test
    void abortEndsAHungTest() throws Exception {
        LoadGen lg = new LoadGen();
        java.util.concurrent.CountDownLatch issued = new java.util.concurrent.CountDownLatch(1);
        SystemUnderTest silent = new SystemUnderTest() {
            @Override
            public String name() {
                return "SilentSUT";
            }

            @Override
            public void issueQuery(List<QuerySample> samples) {
                issued.countDown();
            }

            @Override
            public void flushQueries() {}
        };
        Thread aborter = Thread.ofPlatform().start(() -> {
            try {
                // abort once the SUT holds a sample it will never answer
                if (!issued.await(60, java.util.concurrent.TimeUnit.SECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            lg.abortTest();
        });
        TestSettings s = new TestSettings();
        s.minDurationMs = 0;
        s.minQueryCount = 10;
        TestResult r = lg.startTest(
                silent,
                new RecordingQsl(10, 10),
                s,
                LogSettings.defaults().withOutdir(dir).withEnableTrace(false));
        aborter.join();
        assertThat(r.aborted()).isTrue();
        assertThat(Files.readString(r.logs().detail()))
                .contains("\"value\": \"Encountered incomplete samples at the end of a series of queries. count: 1\"");
        assertThat(Files.readString(r.logs().summary())).endsWith("\n1 ERROR encountered. See detailed log.\n");
    }

    /** An interrupt that lands before {@code startTest} (e.g. during the harness's warm-up) is not lost. */
    @Test
    void abortBeforeStartEndsTheNextTestAtOnce() throws Exception {
        LoadGen lg = new LoadGen();
        lg.abortTest();
        TestSettings s = new TestSettings();
        s.scenario = Scenario.SERVER;
        s.serverTargetQps = 10;
        s.minDurationMs = 600_000;
        s.minQueryCount = 100_000;
        long start = System.nanoTime();
        TestResult r = lg.startTest(
                new SystemUnderTest() {
                    @Override
                    public String name() {
                        return "SilentSUT";
                    }

                    @Override
                    public void issueQuery(List<QuerySample> samples) {}

                    @Override
                    public void flushQueries() {}
                },
                new RecordingQsl(10, 10),
                s,
                LogSettings.defaults().withOutdir(dir).withEnableTrace(false));
        assertThat(r.aborted()).isTrue();
        assertThat(System.nanoTime() - start).isLessThan(java.util.concurrent.TimeUnit.SECONDS.toNanos(60));
    }

    @Test
    void preciseSleepNeverReturnsEarly() {
        io.llmharness.loadgen.clock.Clock c = io.llmharness.loadgen.clock.Clock.system();
        for (int i = 0; i < 200; i++) {
            long deadline = System.nanoTime() + 50_000 + i * 1_000;
            c.sleepUntil(deadline);
            assertThat(System.nanoTime()).isGreaterThanOrEqualTo(deadline);
        }
    }
}
