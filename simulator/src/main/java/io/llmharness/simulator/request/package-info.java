/**
 * Request parsing and validation with the backends' defaults, status codes and messages (pydantic-style schema
 * errors, semantic 400s, 404 for unknown models, context-length checks), the chat template and multimodal token
 * counting, and the mapping of a request onto engine sequences.
 */
package io.llmharness.simulator.request;
