package io.llmharness.run.bench;

import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.health.ClientSampler;
import io.llmharness.client.health.ClientSamples;
import io.llmharness.workload.spec.Stage;
import java.util.Map;
import java.util.TreeMap;

/**
 * Samples the client's health over each stage of a workload run ({@link ClientSampler}): a sampler starts when a
 * stage starts, right before its first request, and stops when the stage ends, after its last request ended. As a
 * {@link BenchRun.Listener} it hears the stage boundaries itself; {@link BenchExecutor} calls it from its own
 * listener. A sweep's probe is no stage and is not sampled. {@link #close()} stops a sampler left running by a run
 * that ended with an exception.
 */
public final class StageSamplers implements BenchRun.Listener, AutoCloseable {

    private final LlmClient client;
    private final Map<Integer, ClientSamples> samples = new TreeMap<>();
    private ClientSampler running;
    private int runningIndex;

    /** Samples {@code client}'s health. */
    public StageSamplers(LlmClient client) {
        this.client = client;
    }

    @Override
    public synchronized void stageStarted(int index, Stage stage) {
        stopRunning();
        running = ClientSampler.start(client);
        runningIndex = index;
    }

    @Override
    public synchronized void stageEnded(StageRun run) {
        if (running != null && runningIndex == run.index()) {
            stopRunning();
        }
    }

    /** What each stage's sampler saw, by stage index (the stages that ended so far). */
    public synchronized Map<Integer, ClientSamples> samples() {
        return Map.copyOf(samples);
    }

    @Override
    public synchronized void close() {
        stopRunning();
    }

    private void stopRunning() {
        if (running != null) {
            samples.put(runningIndex, running.stop());
            running = null;
        }
    }
}
