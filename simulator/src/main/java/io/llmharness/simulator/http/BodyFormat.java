package io.llmharness.simulator.http;

import io.vertx.core.buffer.Buffer;
import java.util.List;

/** Renders the JSON body of a non-streaming response once every choice has finished. */
interface BodyFormat {
    Buffer body(List<Choice> choices, long nowNanos);
}
