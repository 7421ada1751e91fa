package io.llmharness.secret;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * A logback pattern layout whose output passes through {@link Secrets#redact(String)}: messages, arguments and
 * stack traces alike. {@code harness.log} and the console appender of {@code logback.xml} use it, so no log line
 * carries a registered secret.
 */
public final class RedactingLayout extends PatternLayout {

    @Override
    public String doLayout(ILoggingEvent event) {
        return Secrets.redact(super.doLayout(event));
    }
}
