package io.llmharness.run;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import io.llmharness.secret.RedactingLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * {@code harness.log} of a run: while the run lasts every log event of the harness (INFO and up) and of the
 * libraries (WARN and up) goes to the run directory instead of the terminal, so the user sees the run's own
 * lines only, without library noise or stack traces. With {@code HARNESS_LOG_LEVEL} set the terminal keeps its
 * log as well. Every line passes through {@link RedactingLayout}, so no registered secret reaches the file. Closing
 * restores the previous logging setup.
 */
final class HarnessLog implements AutoCloseable {

    private static final String OURS = "io.llmharness";

    private final LoggerContext ctx;
    private final FileAppender<ILoggingEvent> file;
    private final List<Appender<ILoggingEvent>> detached;
    private final Level previousLevel;

    private HarnessLog(
            LoggerContext ctx, FileAppender<ILoggingEvent> file, List<Appender<ILoggingEvent>> detached, Level prev) {
        this.ctx = ctx;
        this.file = file;
        this.detached = detached;
        this.previousLevel = prev;
    }

    /** Starts writing {@code harness.log}; a no-op when logging is not logback. */
    static HarnessLog open(Path logFile) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx)) {
            return new HarnessLog(null, null, List.of(), null);
        }
        RedactingLayout layout = new RedactingLayout();
        layout.setContext(ctx);
        layout.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%thread] %logger{30} - %msg%n");
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(ctx);
        encoder.setLayout(layout);
        encoder.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(ctx);
        file.setName("harness-run-log");
        file.setFile(logFile.toString());
        file.setAppend(true);
        file.setEncoder(encoder);
        file.start();
        Logger root = ctx.getLogger(Logger.ROOT_LOGGER_NAME);
        List<Appender<ILoggingEvent>> detached = new ArrayList<>();
        if (System.getenv("HARNESS_LOG_LEVEL") == null) {
            for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
                Appender<ILoggingEvent> a = it.next();
                if (a instanceof ConsoleAppender) {
                    detached.add(a);
                }
            }
            detached.forEach(root::detachAppender);
        }
        root.addAppender(file);
        Logger ours = ctx.getLogger(OURS);
        Level prev = ours.getLevel();
        if (prev == null || prev.isGreaterOrEqual(Level.INFO)) {
            ours.setLevel(Level.INFO);
        }
        return new HarnessLog(ctx, file, detached, prev);
    }

    @Override
    public void close() {
        if (ctx == null) {
            return;
        }
        Logger root = ctx.getLogger(Logger.ROOT_LOGGER_NAME);
        root.detachAppender(file);
        file.stop();
        detached.forEach(root::addAppender);
        ctx.getLogger(OURS).setLevel(previousLevel);
    }
}
