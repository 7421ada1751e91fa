/**
 * When to stop a run because the server keeps failing.
 *
 * <p>{@link io.llmharness.client.failure.FailureTracker} watches every request outcome per server and decides
 * once, as a value ({@link io.llmharness.client.failure.RunAbort}), that the run cannot produce meaningful numbers:
 * a server that cannot be reached at all, a server that failed N requests in a row (e.g. answering 400 to every
 * request because of a bad option), or a request the client cannot even build. The decision carries one line for
 * the user naming the server URL and the server's own message.
 */
package io.llmharness.client.failure;
