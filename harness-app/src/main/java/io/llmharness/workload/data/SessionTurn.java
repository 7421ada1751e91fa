package io.llmharness.workload.data;

import io.llmharness.client.Prompt;
import io.llmharness.tokenizer.TextTokenizer;

/** One turn of a {@link ChatSession}: its prompt is built from the session's history when the turn is dispatched. */
final class SessionTurn implements WorkloadRequest {

    private final ChatSession session;
    private final long item;
    private final String question;
    private final int questionTokens;
    private final int maxTokens;
    private final TextTokenizer tokenizer;
    private volatile Prompt built;

    SessionTurn(ChatSession session, long item, String question, int questionTokens, int maxTokens, TextTokenizer tok) {
        this.session = session;
        this.item = item;
        this.question = question;
        this.questionTokens = questionTokens;
        this.maxTokens = maxTokens;
        this.tokenizer = tok;
    }

    @Override
    public long item() {
        return item;
    }

    @Override
    public String session() {
        return session.id();
    }

    @Override
    public int maxTokens() {
        return maxTokens;
    }

    @Override
    public Prompt prompt() {
        Prompt p = session.turn(question);
        built = p;
        return p;
    }

    @Override
    public Prompt sentPrompt() {
        return built;
    }

    @Override
    public int promptTokens() {
        Prompt p = built;
        return p == null ? -1 : Messages.count(tokenizer, p);
    }

    @Override
    public void answered(String text) {
        if (text != null) {
            session.answered(question, text, questionTokens + maxTokens);
        }
    }
}
