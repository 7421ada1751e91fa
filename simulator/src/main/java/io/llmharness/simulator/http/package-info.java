/**
 * The HTTP side: Vert.x frontends (one per event loop, sharing the port), the persona's route table, request
 * sessions that receive tokens from the engine thread and write them on their own loop, response formats that write
 * JSON bytes directly (no Jackson trees on the hot path), SSE writing with fault and split-write support, and the
 * auxiliary, SGLang, profiling and debug endpoints.
 */
package io.llmharness.simulator.http;
