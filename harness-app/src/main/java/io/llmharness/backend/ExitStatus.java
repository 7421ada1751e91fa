package io.llmharness.backend;

/** Describes a process exit code the way a shell user reads it. */
final class ExitStatus {

    private ExitStatus() {}

    /** {@code 1}; {@code 137 (killed by SIGKILL)}; {@code 143 (SIGTERM)}. */
    static String describe(int code) {
        return switch (code) {
            case 130 -> "130 (SIGINT)";
            case 134 -> "134 (SIGABRT)";
            case 137 -> "137 (killed by SIGKILL; out of memory?)";
            case 139 -> "139 (SIGSEGV)";
            case 143 -> "143 (SIGTERM)";
            default -> Integer.toString(code);
        };
    }
}
