package io.llmharness.workload.nop;

/**
 * The load-time figures read from a vLLM log: the marker text that introduces each, which number after the marker
 * (or after a word on the same line) is taken, and its unit. Searched from the end of the log backwards, so the
 * latest value wins (a log with a sleep/wake cycle or a restart reports the last one).
 */
public enum Scalar {
    /** Memory the weights took, from "Model loading took 14.99 GiB and 5.12 seconds". */
    LOAD_SIZE("Model loading took", null, 0, "GiB"),
    /** Seconds the weights took to load, same line. */
    LOAD_TIME("Model loading took", null, 1, "s"),
    /** "Dynamo bytecode transform time: 7.31 s". */
    DYNAMO_BYTECODE_TRANSFORM("Dynamo bytecode transform time", null, 0, "s"),
    /**
     * "Directly load the compiled graph(s) for dynamic shape from the cache, took 2.35 s": the number after "took"
     * (a "for shape 8" line would otherwise give the shape).
     */
    LOAD_CACHED_COMPILED_GRAPH("Directly load the compiled graph", "took", 0, "s"),
    /** "Compiling a graph for dynamic shape takes 24.38 s": the number after "takes". */
    COMPILE_GRAPH("Compiling a graph for", "takes", 0, "s"),
    /** "torch.compile takes 31.69 s in total". */
    TORCH_COMPILE("torch.compile takes", null, 0, "s"),
    /** "Initial free memory: 78.52 GiB". */
    INITIAL_FREE("Initial free memory", null, 0, "GiB"),
    /** "Free memory after profiling: 62.31 GiB". */
    AFTER_FREE("Free memory after profiling", null, 0, "GiB"),
    /** "Memory profiling takes 3.46 seconds". */
    MEMORY_PROFILING_TIME("Memory profiling takes", null, 0, "s"),
    /** "It took 2.14 seconds to fall asleep". */
    SLEEP_TIME("It took", "It took", 0, "s", "to fall asleep"),
    /** "Sleep mode freed 62.10 GiB memory, 1.37 GiB memory is still in use". */
    SLEEP_GPU_FREED("Sleep mode freed", null, 0, "GiB"),
    /** Same line, the second number. */
    SLEEP_GPU_IN_USE("Sleep mode freed", null, 1, "GiB"),
    /** "It took 0.87 seconds to wake up". */
    WAKE("It took", "It took", 0, "s", "to wake up");

    private final String marker;
    private final String after;
    private final int index;
    private final String unit;
    private final String alsoContains;

    Scalar(String marker, String after, int index, String unit) {
        this(marker, after, index, unit, null);
    }

    Scalar(String marker, String after, int index, String unit, String alsoContains) {
        this.marker = marker;
        this.after = after;
        this.index = index;
        this.unit = unit;
        this.alsoContains = alsoContains;
    }

    /** The text a line must contain. */
    public String marker() {
        return marker;
    }

    /** The unit of the value ({@code s}, {@code GiB}). */
    public String unit() {
        return unit;
    }

    /** True when {@code line} carries this figure. */
    boolean matches(String line) {
        return line.contains(marker) && (alsoContains == null || line.contains(alsoContains));
    }

    /** Where the numbers start: after {@code after} when set, else after the marker. */
    int numbersFrom(String line) {
        String word = after != null ? after : marker;
        int at = line.indexOf(word, line.indexOf(marker));
        return at < 0 ? -1 : at + word.length();
    }

    /** 0 for the first number after the marker, 1 for the second. */
    int index() {
        return index;
    }
}
