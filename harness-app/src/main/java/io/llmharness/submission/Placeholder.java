package io.llmharness.submission;

/**
 * The marker the packer writes where only the submitter knows the value. The official checker only asks for
 * non-empty values, so the pre-check is what finds the markers left in a tree.
 */
final class Placeholder {

    /** Every placeholder starts with this text. */
    static final String MARK = "FILL IN";

    private Placeholder() {}

    /** A placeholder with a hint, e.g. {@code FILL IN: accelerator model, e.g. NVIDIA H100-SXM-80GB}. */
    static String of(String hint) {
        return MARK + ": " + hint;
    }

    /** Whether a value is still a placeholder. */
    static boolean is(Object value) {
        return value instanceof String s && s.startsWith(MARK);
    }
}
