/**
 * Config files and settings by name. {@link io.llmharness.loadgen.config.ConfigParser} reads LoadGen's
 * {@code key = value} syntax with its quirks; {@link io.llmharness.loadgen.config.ConfigLoader} applies a file
 * with the four-step key lookup, unit conversions and the mlperf.conf-only keys; the first user.conf of a
 * {@link io.llmharness.loadgen.config.ConfigContext} applies its mlperf.conf (the embedded 6.0.17 one unless
 * another round's is given) first. The context holds what the C++ LoadGen keeps process-wide, so tests, stages and
 * shards in one JVM never see each other's loads. {@link io.llmharness.loadgen.ConfigFiles} is the one entry
 * programs use. {@link io.llmharness.loadgen.config.SettingsTable} maps the spec's snake_case field names to
 * {@link io.llmharness.loadgen.TestSettings} fields.
 */
package io.llmharness.loadgen.config;
