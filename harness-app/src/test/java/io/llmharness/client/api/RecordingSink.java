package io.llmharness.client.api;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Test sink: keeps everything a decoder reported, per choice, and renders it as a comparable string. */
final class RecordingSink implements ChoiceSink {

    static final class Choice {
        final List<Integer> ids = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        int roles;
        int outputs;
        int tokens;
        boolean idsAbsent;
        String finish;
        long prompt = -1;
        long completion = -1;

        @Override
        public String toString() {
            return "roles=" + roles + " outputs=" + outputs + " tokens=" + tokens + " ids=" + (idsAbsent ? "-" : ids)
                    + " text=" + text + " finish=" + finish + " meta=" + prompt + "/" + completion;
        }
    }

    final TreeMap<Integer, Choice> choices = new TreeMap<>();
    final List<String> errors = new ArrayList<>();
    long usagePrompt = -1;
    long usageCompletion = -1;

    Choice c(int index) {
        return choices.computeIfAbsent(index, i -> new Choice());
    }

    @Override
    public void role(int index, long nowNs) {
        c(index).roles++;
    }

    @Override
    public void output(int index, int[] ids, int idCount, String text, int tokens, long nowNs) {
        Choice c = c(index);
        c.outputs++;
        c.tokens += tokens;
        if (ids == null) {
            c.idsAbsent = true;
        } else {
            for (int i = 0; i < idCount; i++) {
                c.ids.add(ids[i]);
            }
        }
        if (text != null) {
            c.text.append(text);
        }
    }

    @Override
    public void finish(int index, String reason) {
        c(index).finish = reason;
    }

    @Override
    public void choiceUsage(int index, long promptTokens, long completionTokens) {
        c(index).prompt = promptTokens;
        c(index).completion = completionTokens;
    }

    @Override
    public void usage(long promptTokens, long completionTokens) {
        usagePrompt = promptTokens;
        usageCompletion = completionTokens;
    }

    @Override
    public void error(int code, String message, String type) {
        errors.add(code + " " + type + ": " + message);
    }

    @Override
    public String toString() {
        return choices + " usage=" + usagePrompt + "/" + usageCompletion + " errors=" + errors;
    }
}
