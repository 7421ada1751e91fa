package io.llmharness.workload.data;

import io.llmharness.client.Prompt;

/** inference-perf's {@code mock} data: {@code "mock prompt <i>"} with {@code max_tokens} 30. */
final class MockPrompts implements PromptFeed {

    static final int MAX_TOKENS = 30;

    @Override
    public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
        return new StaticRequest(runIndex, new Prompt.Text("mock prompt " + runIndex), -1, MAX_TOKENS);
    }

    @Override
    public String describe() {
        return "mock prompts (\"mock prompt <i>\", max_tokens " + MAX_TOKENS + ")";
    }
}
