package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A guided-decoding constraint the simulator can honour: the output is then a document that satisfies it, and the
 * sequence stops (finish reason {@code stop}) when the document is complete. Regex and grammar constraints are
 * accepted but not modelled (unconstrained output).
 */
public sealed interface Constraint {
    /** Output is JSON valid against the (simple) schema. */
    record Schema(JsonNode schema) implements Constraint {}

    /** Output is some JSON object ({@code response_format: json_object}). */
    record AnyJsonObject() implements Constraint {}

    /** Output is exactly one of the given strings. */
    record Choice(List<String> choices) implements Constraint {}
}
