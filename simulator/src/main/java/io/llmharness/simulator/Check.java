package io.llmharness.simulator;

/** The range checks the option groups share; each message names the option and its {@code harness sim} flag. */
final class Check {
    private Check() {}

    static void positive(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + value);
        }
    }

    static void nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
    }

    static void finiteNonNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }

    static void percent(String name, double value) {
        if (!(value >= 0 && value <= 100)) {
            throw new IllegalArgumentException(name + " must be a percentage 0..100, got " + value);
        }
    }
}
