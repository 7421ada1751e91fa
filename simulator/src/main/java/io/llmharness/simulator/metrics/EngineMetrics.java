package io.llmharness.simulator.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * Live statistics of one engine (one data-parallel rank): gauges published by the engine, counters and
 * histograms recorded as work happens. Thread-safe: the engine writes, {@code /metrics} reads from any event loop.
 * Bucket bounds follow the persona (vLLM or SGLang).
 */
public final class EngineMetrics {
    /** The finished reasons vLLM pre-initialises, in exposition order. */
    public static final String[] REASONS = {"stop", "length", "abort", "error"};

    private final int engineIndex;
    private final long createdMillis = System.currentTimeMillis();

    volatile int running;
    volatile int waiting;
    volatile double kvUsage;
    volatile long kvUsedTokens;

    final LongAdder promptTokens = new LongAdder();
    final LongAdder generationTokens = new LongAdder();
    final LongAdder preemptions = new LongAdder();
    final LongAdder prefixQueries = new LongAdder();
    final LongAdder prefixHits = new LongAdder();
    final LongAdder structuredRequests = new LongAdder();
    final LongAdder[] finished = new LongAdder[REASONS.length];

    final Histogram ttft;
    final Histogram itl;
    final Histogram tpot;
    final Histogram e2e;
    final Histogram queue;
    final Histogram inference;
    final Histogram prefill;
    final Histogram decode;
    final Histogram promptHist;
    final Histogram generationHist;
    final Histogram maxGenerationHist;
    final Histogram maxTokensHist;
    final Histogram nHist;
    final Histogram iterationTokens;
    final Histogram prefillComputed;

    /**
     * @param engineIndex the {@code engine} label value
     * @param maxModelLen upper end of the 1-2-5 token buckets
     * @param sglang use SGLang's latency buckets instead of vLLM's
     */
    public EngineMetrics(int engineIndex, long maxModelLen, boolean sglang) {
        this.engineIndex = engineIndex;
        for (int i = 0; i < finished.length; i++) {
            finished[i] = new LongAdder();
        }
        double[] tokens = Histogram.oneTwoFive(maxModelLen);
        ttft = new Histogram(sglang ? Buckets.SGLANG_TTFT : Buckets.VLLM_TTFT);
        itl = new Histogram(sglang ? Buckets.SGLANG_ITL : Buckets.VLLM_ITL);
        tpot = new Histogram(Buckets.VLLM_ITL);
        e2e = new Histogram(sglang ? Buckets.SGLANG_E2E : Buckets.VLLM_REQUEST);
        queue = new Histogram(Buckets.VLLM_REQUEST);
        inference = new Histogram(Buckets.VLLM_REQUEST);
        prefill = new Histogram(Buckets.VLLM_REQUEST);
        decode = new Histogram(Buckets.VLLM_REQUEST);
        promptHist = new Histogram(tokens);
        generationHist = new Histogram(tokens);
        maxGenerationHist = new Histogram(tokens);
        maxTokensHist = new Histogram(tokens);
        nHist = new Histogram(Buckets.VLLM_N);
        iterationTokens = new Histogram(Buckets.VLLM_ITERATION_TOKENS);
        prefillComputed = new Histogram(tokens);
    }

    public int engineIndex() {
        return engineIndex;
    }

    long createdMillis() {
        return createdMillis;
    }

    /** Publishes the scheduler state (called by the engine after every change). */
    public void publish(int running, int waiting, double kvUsage, long kvUsedTokens) {
        this.running = running;
        this.waiting = waiting;
        this.kvUsage = kvUsage;
        this.kvUsedTokens = kvUsedTokens;
    }

    public int running() {
        return running;
    }

    public int waiting() {
        return waiting;
    }

    public void onPromptTokens(int computed) {
        promptTokens.add(computed);
    }

    public void onPrefixLookup(int queried, int hit) {
        prefixQueries.add(queried);
        prefixHits.add(hit);
    }

    public void onGenerationToken() {
        generationTokens.increment();
    }

    /** Zero-latency path: a whole output at once ({@code tokens} tokens, inter-token gaps of zero). */
    public void onInstantOutput(int tokens) {
        generationTokens.add(tokens);
        itl.observe(0, tokens - 1L);
    }

    /** One output step of one sequence after its first token (vLLM's inter-token latency). */
    public void onInterTokenLatency(double seconds) {
        itl.observe(seconds);
    }

    public void onFirstToken(double ttftSeconds) {
        ttft.observe(ttftSeconds);
    }

    public void onIteration(int tokens) {
        if (tokens > 0) {
            iterationTokens.observe(tokens);
        }
    }

    public void onPreemption() {
        preemptions.increment();
    }

    public void onStructuredRequest() {
        structuredRequests.increment();
    }

    /** Per prompt (not per choice): the requested {@code n} and the longest output among its choices. */
    public void onPromptGroupFinished(int n, int maxGenerated) {
        nHist.observe(n);
        maxGenerationHist.observe(maxGenerated);
    }

    public void onFinished(FinishedRequest r) {
        for (int i = 0; i < REASONS.length; i++) {
            if (REASONS[i].equals(r.finishedReason())) {
                finished[i].increment();
            }
        }
        if ("abort".equals(r.finishedReason()) || "error".equals(r.finishedReason())) {
            return;
        }
        e2e.observe(r.e2e());
        queue.observe(r.queue());
        inference.observe(r.inference());
        prefill.observe(r.prefill());
        decode.observe(r.decode());
        promptHist.observe(r.promptTokens());
        generationHist.observe(r.generationTokens());
        maxTokensHist.observe(r.maxTokens());
        prefillComputed.observe(r.computedPromptTokens());
        if (r.generationTokens() > 1) {
            tpot.observe(r.decode() / (r.generationTokens() - 1));
        }
    }

    /** Finished sequences so far with the given reason. */
    public long finishedCount(String reason) {
        for (int i = 0; i < REASONS.length; i++) {
            if (REASONS[i].equals(reason)) {
                return finished[i].sum();
            }
        }
        return 0;
    }

    public long generationTokens() {
        return generationTokens.sum();
    }

    public long promptTokens() {
        return promptTokens.sum();
    }
}
