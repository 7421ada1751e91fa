package io.llmharness.report.progress;

import java.io.Console;
import java.lang.reflect.Method;

/** Whether the JVM talks to an interactive terminal. */
final class Terminal {

    private Terminal() {}

    /**
     * True when there is a console and it is a terminal. Since JDK 22 {@link System#console()} returns a console
     * even when the standard streams are redirected; {@code Console.isTerminal()} (JDK 22+, called reflectively
     * because the code targets 21) tells the two apart.
     */
    static boolean interactive() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(c);
        } catch (NoSuchMethodException e) {
            return true; // JDK 21: a non-null console is a terminal
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
