package io.llmharness.loadgen.config;

/** Outcome of applying one config file, mirroring the C++ return codes of {@code FromConfig}. */
public enum ConfigStatus {
    /** Applied (C++ returns 0). */
    OK(0),
    /** The file could not be opened (C++ returns -ENOENT); nothing of it was applied. */
    FILE_NOT_FOUND(-2),
    /** The file has syntax errors (C++ returns -EINVAL); nothing of it was applied. */
    INVALID(-22);

    private final int code;

    ConfigStatus(int code) {
        this.code = code;
    }

    /** The C++ return value. */
    public int code() {
        return code;
    }
}
