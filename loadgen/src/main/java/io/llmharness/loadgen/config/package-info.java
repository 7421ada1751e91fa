/**
 * Config files and settings by name. {@link io.llmharness.loadgen.config.ConfigParser} reads LoadGen's
 * {@code key = value} syntax with its quirks; {@link io.llmharness.loadgen.config.ConfigLoader} applies a file
 * with the four-step key lookup, unit conversions and the mlperf.conf-only keys; the first user.conf of the
 * process applies the embedded 6.0.17 mlperf.conf first ({@link io.llmharness.loadgen.config.ConfigState}
 * holds that process-wide state and lets tests reset it). {@link io.llmharness.loadgen.config.SettingsTable}
 * maps the spec's snake_case field names to {@link io.llmharness.loadgen.TestSettings} fields.
 */
package io.llmharness.loadgen.config;
