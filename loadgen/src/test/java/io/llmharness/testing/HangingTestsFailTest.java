package io.llmharness.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The build's safety net against hanging tests (the surefire configuration in the parent pom): every test and
 * lifecycle method has a finite default timeout, and a timeout prints a dump of every thread before the hung
 * thread is interrupted. Proven here by running deliberately hung tests in a nested JUnit engine with the same
 * settings and a 1 s timeout. (A thread that ignores interruption forever is the surefire fork timeout's job: the
 * test JVM is killed and surefire writes its threads' stacks to a {@code .dump} file in the reports folder.)
 */
class HangingTestsFailTest {

    static final String TIMEOUT = "junit.jupiter.execution.timeout.default";
    static final String THREAD_DUMP = "junit.jupiter.execution.timeout.threaddump.enabled";
    /** Set only by this test: without it the hanging fixtures below never run. */
    static final String FIXTURE = "llmharness.test.hanging-fixture";

    @RegisterExtension
    final Settings settings = new Settings();

    @Test
    void theBuildGivesEveryTestAFiniteTimeoutAndAThreadDump() {
        String timeout = settings.get(TIMEOUT).orElseThrow(() -> new AssertionError(TIMEOUT + " is not set"));
        assertThat(parse(timeout))
                .as("%s = %s: generous for two busy cores, yet finite", TIMEOUT, timeout)
                .isBetween(Duration.ofMinutes(1), Duration.ofMinutes(30));
        assertThat(settings.get(THREAD_DUMP)).contains("true");
    }

    @Test
    void aTestHungOnALatchFailsAtItsTimeoutWithAThreadDump() {
        Nested run = Nested.run("hangsOnALatch");
        run.results
                .testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(finishedWithFailure(
                                instanceOf(TimeoutException.class),
                                message("hangsOnALatch() timed out after 1 second"))));
        assertThat(run.elapsed).as("waited for its timeout").isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(run.stdout)
                .contains("will be interrupted.")
                .contains("java.util.concurrent.CountDownLatch.await")
                .contains(HangingFixture.class.getName() + ".hangsOnALatch");
    }

    @Test
    void aTestThatIgnoresInterruptionStillFailsAsTimedOutWithAThreadDump() {
        Nested run = Nested.run("spinsIgnoringInterrupts");
        run.results
                .testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(finishedWithFailure(
                                instanceOf(TimeoutException.class),
                                message("spinsIgnoringInterrupts() timed out after 1 second"))));
        assertThat(run.stdout)
                .contains("will be interrupted.")
                .contains(HangingFixture.class.getName() + ".spinsIgnoringInterrupts");
    }

    /** Parses JUnit's duration format: a number and a unit among ns, μs, ms, s, m, h, d (default seconds). */
    static Duration parse(String value) {
        String v = value.strip().toLowerCase(java.util.Locale.ROOT);
        String digits = v.replaceAll("[^0-9].*$", "");
        String unit = v.substring(digits.length()).strip();
        long n = Long.parseLong(digits);
        return switch (unit) {
            case "", "s" -> Duration.ofSeconds(n);
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            default -> throw new AssertionError("unexpected unit in " + value);
        };
    }

    /** One fixture method run in a nested Jupiter engine with a 1 s timeout; its stdout is captured. */
    private record Nested(EngineExecutionResults results, Duration elapsed, String stdout) {
        static Nested run(String method) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream original = System.out;
            long start = System.nanoTime();
            EngineExecutionResults results;
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            try {
                results = EngineTestKit.engine("junit-jupiter")
                        .selectors(selectMethod(HangingFixture.class, method))
                        .configurationParameter(TIMEOUT, "1 s")
                        .configurationParameter(THREAD_DUMP, "true")
                        .configurationParameter(FIXTURE, "true")
                        .execute();
            } finally {
                System.setOut(original);
            }
            return new Nested(
                    results, Duration.ofNanos(System.nanoTime() - start), out.toString(StandardCharsets.UTF_8));
        }
    }

    /** Reads the configuration parameters the running build gave JUnit. */
    static final class Settings implements BeforeEachCallback {
        private ExtensionContext context;

        @Override
        public void beforeEach(ExtensionContext context) {
            this.context = context;
        }

        Optional<String> get(String key) {
            return context.getConfigurationParameter(key);
        }
    }

    /** Runs only inside the nested engine above, never in the build itself. */
    static final class OnlyNested implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(FIXTURE).isPresent()
                    ? ConditionEvaluationResult.enabled("run by HangingTestsFailTest")
                    : ConditionEvaluationResult.disabled("a deliberately hanging fixture of HangingTestsFailTest");
        }
    }

    /** Deliberately hung tests. */
    @ExtendWith(OnlyNested.class)
    static final class HangingFixture {
        @Test
        void hangsOnALatch() throws InterruptedException {
            new CountDownLatch(1).await();
        }

        @Test
        void spinsIgnoringInterrupts() {
            long end = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (System.nanoTime() < end) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException swallowed) {
                    // as a careless wait loop would
                }
            }
        }
    }
}
