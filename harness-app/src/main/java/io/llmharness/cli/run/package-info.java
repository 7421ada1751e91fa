/**
 * The option groups of {@code harness run} (picocli mixins), each turning its flags into one part of the
 * {@link io.llmharness.run.RunRequest}. The flag names are the seed harness's, plus the harness's own additions.
 */
package io.llmharness.cli.run;
