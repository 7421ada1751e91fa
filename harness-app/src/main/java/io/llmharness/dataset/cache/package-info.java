/**
 * A binary cache of parsed datasets, so a large pickle or JSON file is parsed once and then loads in a fraction of
 * the time. Entries live in a directory the user chooses and are keyed by the source file's absolute path, size,
 * modification time and the reading options that change the parse; an entry whose key no longer matches the
 * source is never used, and is deleted when the source is cached again.
 */
package io.llmharness.dataset.cache;
