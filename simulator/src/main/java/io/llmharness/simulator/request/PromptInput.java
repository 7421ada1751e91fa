package io.llmharness.simulator.request;

/**
 * One prompt after tokenisation.
 *
 * @param ids prompt token ids (media placeholders included)
 * @param text the prompt text for {@code echo}, or null to decode it from the ids
 * @param echoIds what ECHO output mode repeats (the prompt, or the last user message for chat)
 * @param mediaSalt hash of the media items (0 if none)
 * @param firstMediaPos index of the first media placeholder, or {@code ids.length}
 * @param sampling sampling parameters of this prompt
 */
public record PromptInput(int[] ids, String text, int[] echoIds, long mediaSalt, int firstMediaPos, Sampling sampling) {

    public PromptInput withSampling(Sampling s) {
        return new PromptInput(ids, text, echoIds, mediaSalt, firstMediaPos, s);
    }
}
