package io.llmharness.k8s;

/**
 * The one exception of the Kubernetes launcher that reaches the user: a single-line message naming the flag,
 * variable, file or Kubernetes object it is about and how to fix it, and the process exit code.
 * The {@code harness k8s} commands print it as {@code harness: <message>} and return its exit code.
 */
public final class K8sException extends RuntimeException {

    /** The tool could not do its job (API server unreachable, a launcher pod failed, timeout). */
    public static final int EXECUTION = 1;
    /** Wrong command-line usage. */
    public static final int USAGE = 2;
    /** Invalid input or configuration (a bad value from an environment variable or a file). */
    public static final int CONFIG = 3;
    /** The benchmark ran and its result is INVALID (a launcher exited with 4). */
    public static final int INVALID = 4;
    /** Interrupted by SIGINT / SIGTERM. */
    public static final int INTERRUPTED = 130;

    private final int exitCode;

    public K8sException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public K8sException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A bad value: a usage error when it came from a flag ({@code --…} or {@code -x}), else a config error. */
    public static K8sException badValue(String where, String message) {
        return new K8sException(where != null && where.startsWith("-") ? USAGE : CONFIG, message);
    }

    public static K8sException execution(String message) {
        return new K8sException(EXECUTION, message);
    }

    public static K8sException execution(String message, Throwable cause) {
        return new K8sException(EXECUTION, message, cause);
    }

    /** The process exit code this failure maps to. */
    public int getExitCode() {
        return exitCode;
    }
}
