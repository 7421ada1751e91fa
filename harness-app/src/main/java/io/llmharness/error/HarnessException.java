package io.llmharness.error;

/**
 * The one exception type that reaches the user. Its message is a single line that names where the problem
 * came from (file and key, flag, dataset row, URL) and how to fix it; {@link Kind} maps to the exit code.
 *
 * <p>Expected outcomes of a run (an HTTP 500 from the server, an INVALID result) are values, not exceptions.
 */
public final class HarnessException extends RuntimeException {

    /** What went wrong, which decides the process exit code. */
    public enum Kind {
        /** The tool could not do its job (server unreachable, I/O failure): exit code 1. */
        EXECUTION(1),
        /** Wrong command-line usage (unknown flag, missing value): exit code 2. */
        USAGE(2),
        /** Invalid input or configuration (bad file, bad key, bad column): exit code 3. */
        CONFIG(3),
        /** Interrupted by the user (Ctrl-C, SIGTERM) before there was anything to write: exit code 130. */
        INTERRUPTED(130);

        private final int exitCode;

        Kind(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    private final Kind kind;

    public HarnessException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public HarnessException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public static HarnessException config(String message) {
        return new HarnessException(Kind.CONFIG, message);
    }

    public static HarnessException config(String message, Throwable cause) {
        return new HarnessException(Kind.CONFIG, message, cause);
    }

    /**
     * A bad value from {@code where}: a usage error when {@code where} is a command-line flag ({@code --…}), a
     * config error when it is a file's key.
     */
    public static HarnessException badValue(String where, String message) {
        return where != null && where.startsWith("--") ? usage(message) : config(message);
    }

    public static HarnessException usage(String message) {
        return new HarnessException(Kind.USAGE, message);
    }

    public static HarnessException execution(String message) {
        return new HarnessException(Kind.EXECUTION, message);
    }

    public static HarnessException execution(String message, Throwable cause) {
        return new HarnessException(Kind.EXECUTION, message, cause);
    }

    /** The user interrupted the command before it had measured anything. */
    public static HarnessException interrupted(String message) {
        return new HarnessException(Kind.INTERRUPTED, message);
    }

    public Kind kind() {
        return kind;
    }

    public int exitCode() {
        return kind.exitCode();
    }
}
