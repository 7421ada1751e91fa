/**
 * Spreading requests over several servers ({@code --api-server-url} given more than once).
 *
 * <p>{@link io.llmharness.client.balance.Balancing#ROUND_ROBIN} cycles through the servers;
 * {@link io.llmharness.client.balance.Balancing#LEAST_OUTSTANDING} picks the server with the fewest requests in
 * progress, which adapts to servers of different speed. Both are lock-free and called on event loops.
 */
package io.llmharness.client.balance;
