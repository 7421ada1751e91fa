package io.llmharness.cli.sim;

import io.llmharness.simulator.OutputMode;
import io.llmharness.simulator.Streaming;
import picocli.CommandLine.Option;

/** {@link Streaming}: what is generated and how it is streamed. */
final class StreamingFlags {
    @Option(names = "--mode", description = "Output: random or echo (default: ${DEFAULT-VALUE}).")
    OutputMode outputMode = Streaming.DEFAULTS.outputMode();

    @Option(names = "--stream-interval", description = "Tokens per streamed chunk (default: ${DEFAULT-VALUE}).")
    int streamInterval = Streaming.DEFAULTS.streamInterval();

    @Option(
            names = "--stream-headers-on-first-token",
            description = "Send SSE headers with the first token (llm-d style).")
    boolean streamHeadersOnFirstToken = Streaming.DEFAULTS.streamHeadersOnFirstToken();

    @Option(names = "--incremental-streaming-output", description = "SGLang /generate streams deltas.")
    boolean incrementalStreamingOutput = Streaming.DEFAULTS.incrementalStreamingOutput();

    @Option(names = "--split-writes", description = "Test mode: cut streamed bytes at random offsets.")
    boolean splitWrites = Streaming.DEFAULTS.splitWrites();

    Streaming toStreaming() {
        return new Streaming(
                outputMode,
                streamInterval,
                streamHeadersOnFirstToken,
                incrementalStreamingOutput,
                splitWrites,
                Streaming.DEFAULTS.answers());
    }
}
