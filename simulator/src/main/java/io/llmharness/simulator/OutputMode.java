package io.llmharness.simulator;

/** What the generated text is made of. */
public enum OutputMode {
    /** Random vocabulary words drawn from a seeded generator (same seed and prompt, same output). */
    RANDOM,
    /** The prompt's own tokens (for chat: the last user message), cut at the output limit. */
    ECHO
}
