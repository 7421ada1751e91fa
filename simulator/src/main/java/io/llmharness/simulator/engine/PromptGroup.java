package io.llmharness.simulator.engine;

/** The {@code n} sequences sampled from one prompt, for per-prompt metrics. Engine-thread only. */
public final class PromptGroup {
    private final int n;
    private int finished;
    private int maxGenerated;

    public PromptGroup(int n) {
        this.n = n;
    }

    public int n() {
        return n;
    }

    /** Records one finished member; returns true when it was the last. */
    boolean onFinished(int generated) {
        maxGenerated = Math.max(maxGenerated, generated);
        return ++finished == n;
    }

    int maxGenerated() {
        return maxGenerated;
    }
}
