package io.llmharness.workload.nop;

import java.util.List;
import java.util.regex.Pattern;

/**
 * How a start-up phase is recognised: the start marker(s), tried in order, and the end marker.
 *
 * @param title the name in reports
 * @param starts start markers, best first (the first one found anywhere wins)
 * @param end the end marker, looked for at or after the start line in the same process
 * @param children sub-phases, matched within the parent's lines
 */
record CategoryRule(String title, List<Pattern> starts, Pattern end, List<CategoryRule> children) {

    /** The phases of a vLLM start-up, in order. */
    static final List<CategoryRule> VLLM = List.of(
            rule("Detect Platform", "No plugins for group", "detected platform"),
            rule("LLM Imports", "detected platform", "Available plugins for group"),
            new CategoryRule(
                    "Get Model Info",
                    List.of(literal("vLLM API server version"), literal(" version ")),
                    literal("Using max model len"),
                    List.of()),
            rule("Worker Initialization", "Waiting for init message", "Starting to load model"),
            rule("Model Loading", "Starting to load model", "Model loading took"),
            new CategoryRule(
                    "Pytorch Compilation",
                    List.of(literal("Start compiling function"), literal("torch/_dynamo")),
                    literal("torch.compile takes"),
                    List.of(
                            new CategoryRule(
                                    "Dynamo",
                                    List.of(literal("Start compiling function"), literal("torch/_dynamo")),
                                    literal("Dynamo bytecode transform"),
                                    List.of()),
                            rule("Inductor", "Dynamo bytecode transform", "torch.compile takes"))),
            rule("CUDA Graph Capture", "torch.compile takes", "init engine"),
            rule("API Server Starts", "Starting vLLM API server", "Route: /metrics"));

    /** The title of the phases between categorised ones. */
    static final String UNCATEGORIZED = "Uncategorized";

    CategoryRule {
        starts = List.copyOf(starts);
        children = List.copyOf(children);
    }

    private static CategoryRule rule(String title, String start, String end) {
        return new CategoryRule(title, List.of(literal(start)), literal(end), List.of());
    }

    private static Pattern literal(String text) {
        return Pattern.compile(Pattern.quote(text));
    }

    /** The start markers as text, for {@code categories.log}. */
    String startText() {
        return String.join(" | ", starts.stream().map(CategoryRule::plain).toList());
    }

    /** The end marker as text. */
    String endText() {
        return plain(end);
    }

    private static String plain(Pattern p) {
        String s = p.pattern();
        return s.startsWith("\\Q") && s.endsWith("\\E") ? s.substring(2, s.length() - 2) : s;
    }
}
