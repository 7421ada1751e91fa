/**
 * HTTP/1.1 transport on Vert.x: one keep-alive pool per server, one {@link io.llmharness.client.transport.HttpExchange}
 * per request attempt.
 *
 * <p>An exchange runs entirely on one event-loop context (a {@link io.llmharness.client.transport.EventLoopState}):
 * it obtains a pooled connection, writes the body, checks status and content type before parsing, feeds SSE
 * bytes to the push parser or collects a JSON body under a size limit, and reports milestones and exactly one
 * {@link io.llmharness.client.record.Outcome} to its {@link io.llmharness.client.transport.ExchangeListener}.
 * Nothing blocks; the only lock is the {@link io.llmharness.client.transport.ConnectionPool}'s, held for a few
 * field updates (the pool is shared by the event loops).
 *
 * <p>The pool is the client's own, on Vert.x connections: reuse first (most recently used), otherwise wait for the
 * next connection that frees up, and open a new one only for waiting requests no busy connection will serve within a
 * connect time, at most {@code maxConnecting} attempts at a time (see {@code ConnectionPool}). Each pooled
 * connection carries a {@link io.llmharness.client.transport.BodyTap}, through which a 2xx body is parsed straight
 * from Netty's receive buffers instead of the copies Vert.x makes for its response handler.
 *
 * <p>Timeouts are checked by one periodic sweep per event loop over its active exchanges (no timer per request):
 * headers (from send), idle between bytes, and total; the TCP connect timeout is Vert.x's. A pooled connection that
 * the server closed while idle (uvicorn closes after 5 s) fails before any response byte: that request is resent
 * once on a fresh connection. Pools evict idle connections sooner than servers do, so this stays rare.
 */
package io.llmharness.client.transport;
