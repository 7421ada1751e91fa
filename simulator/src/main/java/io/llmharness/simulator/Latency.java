package io.llmharness.simulator;

/**
 * How the simulator times tokens: {@link Fixed} (every sequence on its own clock, for exact timing tests) or
 * {@link Batch} (continuous batching, the default). All durations are in milliseconds.
 */
public sealed interface Latency extends SimulatorOptions.Group {
    /** The default: continuous batching with {@link Batch#DEFAULTS}. */
    Latency DEFAULT = Batch.DEFAULTS;

    /** Which of the two models this is. */
    LatencyMode mode();

    /** True when every duration is zero: requests complete without touching the engine's timer. */
    boolean isZero();

    /** Fixed timing with this time to first token and inter-token latency, both in milliseconds. */
    static Fixed fixed(double ttftMs, double itlMs) {
        return new Fixed(ttftMs, itlMs, Fixed.DEFAULT_STD_DEV_MS, Fixed.DEFAULT_STD_DEV_MS, Fixed.DEFAULT_LOAD_FACTOR);
    }

    /** Zero latency: every response is produced as fast as the server can write it. */
    static Fixed zero() {
        return fixed(0, 0);
    }

    /**
     * {@link LatencyMode#FIXED}: first token {@code ttftMs} after a sequence got a running slot, then one token every
     * {@code itlMs}, optionally with normal jitter (samples clamped to ±70 %) and a load factor.
     *
     * @param ttftMs time from getting a running slot to the first token ({@code --ttft}); default 0
     * @param itlMs time between tokens of one sequence ({@code --itl}); default 0
     * @param ttftStdDevMs standard deviation of TTFT ({@code --ttft-std-dev}); default {@value #DEFAULT_STD_DEV_MS}
     * @param itlStdDevMs standard deviation of ITL ({@code --itl-std-dev}); default {@value #DEFAULT_STD_DEV_MS}
     * @param timeFactorUnderLoad factor applied to TTFT and ITL when all {@code maxNumSeqs} slots are busy,
     *     interpolated linearly from 1.0 with one running sequence, as llm-d's {@code time-factor-under-load}
     *     ({@code --time-factor-under-load}); default {@value #DEFAULT_LOAD_FACTOR}
     */
    record Fixed(double ttftMs, double itlMs, double ttftStdDevMs, double itlStdDevMs, double timeFactorUnderLoad)
            implements Latency {
        /** Default {@link #ttftMs()} and {@link #itlMs()} when only one of them is given. */
        public static final double DEFAULT_MS = 0;
        /** Default {@link #ttftStdDevMs()} and {@link #itlStdDevMs()}: no jitter. */
        public static final double DEFAULT_STD_DEV_MS = 0;
        /** Default {@link #timeFactorUnderLoad()}: no slow-down under load. */
        public static final double DEFAULT_LOAD_FACTOR = 1.0;

        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
         */
        public Fixed {
            Check.finiteNonNegative("ttftMs (--ttft)", ttftMs);
            Check.finiteNonNegative("itlMs (--itl)", itlMs);
            Check.finiteNonNegative("ttftStdDevMs (--ttft-std-dev)", ttftStdDevMs);
            Check.finiteNonNegative("itlStdDevMs (--itl-std-dev)", itlStdDevMs);
            if (!(timeFactorUnderLoad >= 1.0)) {
                throw new IllegalArgumentException(
                        "timeFactorUnderLoad (--time-factor-under-load) must be >= 1.0, got " + timeFactorUnderLoad);
            }
        }

        @Override
        public LatencyMode mode() {
            return LatencyMode.FIXED;
        }

        @Override
        public boolean isZero() {
            return ttftMs == 0 && itlMs == 0;
        }

        /** This TTFT jitter, milliseconds. */
        public Fixed withTtftStdDevMs(double value) {
            return new Fixed(ttftMs, itlMs, value, itlStdDevMs, timeFactorUnderLoad);
        }

        /** This ITL jitter, milliseconds. */
        public Fixed withItlStdDevMs(double value) {
            return new Fixed(ttftMs, itlMs, ttftStdDevMs, value, timeFactorUnderLoad);
        }

        /** This slow-down with all slots busy. */
        public Fixed withTimeFactorUnderLoad(double value) {
            return new Fixed(ttftMs, itlMs, ttftStdDevMs, itlStdDevMs, value);
        }
    }

    /**
     * {@link LatencyMode#BATCH}: continuous batching, one engine step at a time for all running sequences. A step
     * takes {@code decodeStepMs + decodeStepMsPerSeq × (batch − 1)} plus, when it contains prefill work,
     * {@code prefillOverheadMs + prefillTokens / prefillTokensPerSecond}. Every decoding sequence gets one token per
     * step; a sequence's first token comes at the end of the step that finished its (chunked) prefill.
     *
     * @param prefillTokensPerSecond prefill throughput in tokens per second, 0 = prefill costs nothing
     *     ({@code --prefill-tokens-per-second}); default {@value #DEFAULT_PREFILL_TOKENS_PER_SECOND}
     * @param prefillOverheadMs extra time of a step that contains prefill work ({@code --prefill-overhead-ms});
     *     default {@value #DEFAULT_PREFILL_OVERHEAD_MS}
     * @param decodeStepMs duration of a step with one sequence ({@code --decode-step-ms}); default
     *     {@value #DEFAULT_DECODE_STEP_MS}
     * @param decodeStepMsPerSeq step time added per additional sequence in the batch
     *     ({@code --decode-step-ms-per-seq}); default {@value #DEFAULT_DECODE_STEP_MS_PER_SEQ}
     */
    record Batch(
            double prefillTokensPerSecond, double prefillOverheadMs, double decodeStepMs, double decodeStepMsPerSeq)
            implements Latency {
        /** Default {@link #prefillTokensPerSecond()}. */
        public static final double DEFAULT_PREFILL_TOKENS_PER_SECOND = 20000;
        /** Default {@link #prefillOverheadMs()}. */
        public static final double DEFAULT_PREFILL_OVERHEAD_MS = 10;
        /** Default {@link #decodeStepMs()}. */
        public static final double DEFAULT_DECODE_STEP_MS = 12;
        /** Default {@link #decodeStepMsPerSeq()}. */
        public static final double DEFAULT_DECODE_STEP_MS_PER_SEQ = 0.05;
        /**
         * The defaults, an 8B model on one H100: about 35 ms TTFT for 256 prompt tokens, 12 ms ITL, about 25 ms ITL
         * with 256 sequences running.
         */
        public static final Batch DEFAULTS = new Batch(
                DEFAULT_PREFILL_TOKENS_PER_SECOND,
                DEFAULT_PREFILL_OVERHEAD_MS,
                DEFAULT_DECODE_STEP_MS,
                DEFAULT_DECODE_STEP_MS_PER_SEQ);

        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
         */
        public Batch {
            Check.finiteNonNegative("prefillTokensPerSecond (--prefill-tokens-per-second)", prefillTokensPerSecond);
            Check.finiteNonNegative("prefillOverheadMs (--prefill-overhead-ms)", prefillOverheadMs);
            Check.finiteNonNegative("decodeStepMs (--decode-step-ms)", decodeStepMs);
            Check.finiteNonNegative("decodeStepMsPerSeq (--decode-step-ms-per-seq)", decodeStepMsPerSeq);
        }

        @Override
        public LatencyMode mode() {
            return LatencyMode.BATCH;
        }

        @Override
        public boolean isZero() {
            return decodeStepMs == 0
                    && decodeStepMsPerSeq == 0
                    && prefillOverheadMs == 0
                    && prefillTokensPerSecond <= 0;
        }

        /** This prefill throughput, tokens per second (0 = free). */
        public Batch withPrefillTokensPerSecond(double value) {
            return new Batch(value, prefillOverheadMs, decodeStepMs, decodeStepMsPerSeq);
        }

        /** This prefill overhead per step, milliseconds. */
        public Batch withPrefillOverheadMs(double value) {
            return new Batch(prefillTokensPerSecond, value, decodeStepMs, decodeStepMsPerSeq);
        }

        /** This step time with one sequence, milliseconds. */
        public Batch withDecodeStepMs(double value) {
            return new Batch(prefillTokensPerSecond, prefillOverheadMs, value, decodeStepMsPerSeq);
        }

        /** This step time per extra sequence, milliseconds. */
        public Batch withDecodeStepMsPerSeq(double value) {
            return new Batch(prefillTokensPerSecond, prefillOverheadMs, decodeStepMs, value);
        }
    }
}
