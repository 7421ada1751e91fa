package io.llmharness.report.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void withoutAConsoleAutoFallsBackToLines() {
        assumeFalse(Terminal.interactive(), "run with an interactive terminal");
        try (Progress p = Progress.start("samples", 10)) {
            assertThat(p.mode()).isEqualTo(Progress.Mode.LINES);
        }
    }

    @Test
    void lineShowsCountsPercentRateAndEta() {
        AtomicLong now = new AtomicLong(5_000_000_000L);
        LineProgress p = new LineProgress("samples", 5000, System.err, now::get);
        p.step(1000);
        p.step();
        now.addAndGet(10_000_000_000L);
        assertThat(p.line(false)).isEqualTo("samples: 1001/5000 (20.0%), 100.1/s, ETA 0:00:40");
        p.step(3999);
        now.addAndGet(40_000_000_000L);
        assertThat(p.line(true)).isEqualTo("samples: 5000/5000 (100.0%), 100.0/s, elapsed 0:00:50");
        p.step(1000);
        assertThat(p.line(false))
                .isEqualTo("samples: 6000 (5000 expected; running on to the minimum duration), 120.0/s");
        LineProgress unknown = new LineProgress("requests", 0, System.err, now::get);
        unknown.step(7);
        now.addAndGet(3_600_000_000_000L);
        assertThat(unknown.line(false)).isEqualTo("requests: 7, 0.0/s");
        assertThat(unknown.line(true)).isEqualTo("requests: 7, 0.0/s, elapsed 1:00:00");
    }

    @Test
    void theRunsStatusFollowsTheRate() {
        AtomicLong now = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        LineProgress p =
                new LineProgress("stage 1", 400, System.err, now::get, () -> new Progress.Status(12, errors.get()));
        p.step(100);
        now.set(10_000_000_000L);
        assertThat(p.line(false)).isEqualTo("stage 1: 100/400 (25.0%), 10.0/s, in flight 12, errors 0, ETA 0:00:30");
        errors.set(3);
        assertThat(p.line(true)).isEqualTo("stage 1: 100/400 (25.0%), 10.0/s, in flight 12, errors 3, elapsed 0:00:10");

        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        BarProgress bar = new BarProgress(
                "Server", 10, new ConsoleProgressBarConsumer(new PrintStream(sink)), () -> new Progress.Status(4, 1));
        bar.step(5);
        bar.close();
        assertThat(sink.toString(StandardCharsets.UTF_8)).contains("in flight 4, errors 1");
    }

    @Test
    void theBarNeverShowsMoreThanAHundredPercent() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        BarProgress bar = new BarProgress("Server", 10, new ConsoleProgressBarConsumer(new PrintStream(sink)));
        bar.step(15);
        bar.close();
        String drawn = sink.toString(StandardCharsets.UTF_8);
        assertThat(drawn).contains("15").doesNotContain("150%", "15/10");
    }

    @Test
    void docsShowARunningLineAndTheFinalLineAsPrinted() throws IOException {
        AtomicLong now = new AtomicLong();
        LineProgress p = new LineProgress("Offline", 5000, System.err, now::get);
        p.step(1200);
        now.set(10_140_000_000L);
        String running = p.line(false);
        p.step(3800);
        now.set(41_630_000_000L);
        String last = p.line(true);

        assertThat(running).isEqualTo("Offline: 1200/5000 (24.0%), 118.3/s, ETA 0:00:32");
        assertThat(Files.readString(Path.of("..", "docs", "metrics.md"), StandardCharsets.UTF_8))
                .as("docs/metrics.md, 'Progress on the terminal'")
                .contains("\n" + running + "\n" + last + "\n");
    }

    @Test
    void linesArePrintedPeriodicallyWithoutCarriageReturns() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress p = Progress.lines("samples", 100, out, Duration.ofMillis(20));
        p.step(40);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> bytes.toString(StandardCharsets.UTF_8).contains("samples: 40/100 (40.0%)"));
        p.step(60);
        p.close();
        p.close();
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text).doesNotContain("\r");
        String[] lines = text.split("\n");
        assertThat(lines[lines.length - 1])
                .startsWith("samples: 100/100 (100.0%), ")
                .contains("elapsed");
        assertThat(text.split("elapsed", -1)).hasSize(2); // the final line exactly once
        int before = text.length();
        p.step(1);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).hasSize(before);
    }

    @Test
    void stepIsThreadSafeInEveryMode() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        List<Progress> all = List.of(
                Progress.off(),
                Progress.lines("lines", 800_000, new PrintStream(sink), Duration.ofMillis(5)),
                new BarProgress("bar", 800_000, new ConsoleProgressBarConsumer(new PrintStream(sink))));
        for (Progress p : all) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 100_000; i++) {
                        p.step();
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            p.close();
            assertThat(p.current()).as(p.mode().name()).isEqualTo(800_000);
        }
    }
}
