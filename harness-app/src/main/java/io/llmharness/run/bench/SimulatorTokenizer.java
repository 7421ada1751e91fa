package io.llmharness.run.bench;

import io.llmharness.simulator.tokens.SimTokenizer;
import io.llmharness.tokenizer.TextTokenizer;

/**
 * The embedded simulator's own tokenizer (docs/simulator.md) as a {@link TextTokenizer}: against the simulator,
 * client and server count tokens the same way. Encoding adds no BOS (the server adds one to text prompts).
 */
final class SimulatorTokenizer implements TextTokenizer {

    static final SimulatorTokenizer INSTANCE = new SimulatorTokenizer();

    private SimulatorTokenizer() {}

    @Override
    public String source() {
        return "the embedded simulator's tokenizer";
    }

    @Override
    public int[] encode(String text) {
        return SimTokenizer.INSTANCE.encode(text);
    }

    @Override
    public String decode(int[] ids) {
        return SimTokenizer.INSTANCE.decode(ids);
    }

    @Override
    public int count(String text) {
        return SimTokenizer.INSTANCE.count(text);
    }
}
