/** Flag mixins of {@code harness bench}: llm-d-benchmark's option names, with their environment variables as defaults. */
package io.llmharness.cli.bench;
