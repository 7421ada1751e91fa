/**
 * Secrets (API keys, bearer tokens, sensitive headers) and the one place that keeps them out of everything the
 * harness writes.
 *
 * <p>{@link io.llmharness.secret.Secret} holds a value that prints as {@code <redacted>}. {@link
 * io.llmharness.secret.Secrets} is the redaction function: every secret the harness learns (an {@code --api-key},
 * a key from the environment or a server config, the value of a sensitive {@code --header}) is registered once,
 * and every sink — {@code harness.log} (through {@link io.llmharness.secret.RedactingLayout}), the terminal,
 * error lines, {@code summary.json}, {@code config.resolved.yaml}, the request tables, server command lines —
 * passes its text through {@link io.llmharness.secret.Secrets#redact(String)} or one of its structured forms
 * ({@link io.llmharness.secret.Secrets#redactArgs}, {@link io.llmharness.secret.Secrets#isSecretName}). New sources
 * of secrets register here; new sinks call it.
 *
 * <p>This package depends on nothing else of the harness, so every concern may use it.
 */
package io.llmharness.secret;
