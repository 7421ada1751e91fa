package io.llmharness.loadgen.config;

/**
 * A problem found while applying a config file, logged to the detail log when the test starts.
 *
 * @param key the detail-log key, {@code error_invalid_config}
 * @param message the C++ LoadGen's message text, e.g. {@code value needs to be integer or double, line=3}
 * @param source the file (or {@code mlperf.conf}) the message is about, for the harness's own error output
 */
public record ConfigDiagnostic(String key, String message, String source) {

    /** The detail-log key LoadGen uses for config errors. */
    public static final String INVALID_CONFIG = "error_invalid_config";

    /** An {@code error_invalid_config} diagnostic. */
    public static ConfigDiagnostic invalidConfig(String message, String source) {
        return new ConfigDiagnostic(INVALID_CONFIG, message, source);
    }
}
