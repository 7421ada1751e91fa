/**
 * Terminal progress for long runs: a bar when a person is watching, plain periodic lines when output goes to a
 * log, nothing when turned off. Counting is thread-safe and cheap enough to call once per completed request;
 * drawing happens on a separate thread, never on the caller's.
 */
package io.llmharness.report.progress;
