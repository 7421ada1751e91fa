package io.llmharness.simulator.http;

import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.request.GenerationRequest;

/**
 * Per-response constants shared by the formats.
 *
 * @param id response id ({@code cmpl-…}, {@code chatcmpl-…}, or the SGLang rid)
 * @param created Unix seconds
 * @param model model name to report
 * @param request the parsed request
 * @param options server options (persona, usage details)
 * @param arrivalNanos request arrival ({@link System#nanoTime()})
 */
record ResponseMeta(
        String id, long created, String model, GenerationRequest request, SimulatorOptions options, long arrivalNanos) {

    boolean sglang() {
        return options.identity().sglang();
    }
}
