package io.llmharness.workload.data;

import io.llmharness.client.Prompt;
import io.llmharness.tokenizer.TextTokenizer;

/**
 * One turn of a {@link ChatSession}: its prompt is built from the session's history when the turn is dispatched. Its
 * answer joins the history: the server's, or a fixed recorded answer when it has one (then whatever the server
 * says, and even when the turn failed).
 */
final class SessionTurn implements WorkloadRequest {

    private final ChatSession session;
    private final long item;
    private final String question;
    private final int questionTokens;
    private final int maxTokens;
    private final TextTokenizer tokenizer;
    private final String recordedAnswer;
    private volatile Prompt built;

    SessionTurn(ChatSession session, long item, String question, int questionTokens, int maxTokens, TextTokenizer tok) {
        this(session, item, question, questionTokens, maxTokens, tok, null);
    }

    /** A turn whose history entry is {@code recordedAnswer} (null: the server's answer). */
    SessionTurn(
            ChatSession session,
            long item,
            String question,
            int questionTokens,
            int maxTokens,
            TextTokenizer tok,
            String recordedAnswer) {
        this.recordedAnswer = recordedAnswer;
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
        String answer = recordedAnswer != null ? recordedAnswer : text;
        if (answer != null) {
            session.answered(question, answer, questionTokens + maxTokens);
        }
    }
}
