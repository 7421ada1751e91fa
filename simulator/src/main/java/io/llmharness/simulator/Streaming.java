package io.llmharness.simulator;

import io.llmharness.simulator.output.Answers;
import java.util.Objects;

/**
 * What the generated text is made of and how it is streamed.
 *
 * @param outputMode random words or the prompt echoed ({@code --mode}); default {@link OutputMode#RANDOM}
 * @param streamInterval tokens per streamed chunk, as vLLM's {@code --stream-interval}; requests may override it;
 *     default {@value #DEFAULT_STREAM_INTERVAL}
 * @param streamHeadersOnFirstToken send streaming response headers only with the first token (llm-d simulator
 *     style) instead of right away (vLLM style) ({@code --stream-headers-on-first-token}); default false
 * @param incrementalStreamingOutput SGLang {@code /generate} streams deltas instead of cumulative text and ids
 *     ({@code --incremental-streaming-output}); default false
 * @param splitWrites test mode for client parsers: streamed bytes are written in pieces cut at random offsets (inside
 *     {@code data:}, JSON strings, UTF-8 characters, between the two newlines), sometimes several events at once,
 *     seeded by {@link SimulatorOptions#seed()} ({@code --split-writes}); default false
 * @param answers fixed answers by prompt ({@code harness sim --answers FILE}): a prompt found there gets its answer
 *     ids and then EOS, whole even past {@code max_tokens}; default {@link Answers#NONE}
 */
public record Streaming(
        OutputMode outputMode,
        int streamInterval,
        boolean streamHeadersOnFirstToken,
        boolean incrementalStreamingOutput,
        boolean splitWrites,
        Answers answers)
        implements SimulatorOptions.Group {
    /** Default {@link #outputMode()}. */
    public static final OutputMode DEFAULT_OUTPUT_MODE = OutputMode.RANDOM;
    /** Default {@link #streamInterval()}. */
    public static final int DEFAULT_STREAM_INTERVAL = 1;
    /** The defaults: random text, one token per chunk, headers at once, whole writes. */
    public static final Streaming DEFAULTS =
            new Streaming(DEFAULT_OUTPUT_MODE, DEFAULT_STREAM_INTERVAL, false, false, false, Answers.NONE);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Streaming {
        Objects.requireNonNull(outputMode, "outputMode");
        Objects.requireNonNull(answers, "answers");
        Check.positive("streamInterval (--stream-interval)", streamInterval);
    }

    /** This output source. */
    public Streaming withOutputMode(OutputMode value) {
        return new Streaming(
                value, streamInterval, streamHeadersOnFirstToken, incrementalStreamingOutput, splitWrites, answers);
    }

    /** This many tokens per chunk. */
    public Streaming withStreamInterval(int value) {
        return new Streaming(
                outputMode, value, streamHeadersOnFirstToken, incrementalStreamingOutput, splitWrites, answers);
    }

    /** Headers with the first token, or at once. */
    public Streaming withStreamHeadersOnFirstToken(boolean value) {
        return new Streaming(outputMode, streamInterval, value, incrementalStreamingOutput, splitWrites, answers);
    }

    /** SGLang deltas, or cumulative output. */
    public Streaming withIncrementalStreamingOutput(boolean value) {
        return new Streaming(outputMode, streamInterval, streamHeadersOnFirstToken, value, splitWrites, answers);
    }

    /** Split writes on or off. */
    public Streaming withSplitWrites(boolean value) {
        return new Streaming(
                outputMode, streamInterval, streamHeadersOnFirstToken, incrementalStreamingOutput, value, answers);
    }

    /** These fixed answers. */
    public Streaming withAnswers(Answers value) {
        return new Streaming(
                outputMode, streamInterval, streamHeadersOnFirstToken, incrementalStreamingOutput, splitWrites, value);
    }
}
