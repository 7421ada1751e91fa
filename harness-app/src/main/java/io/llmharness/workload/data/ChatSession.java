package io.llmharness.workload.data;

import io.llmharness.client.Prompt;
import java.util.ArrayList;
import java.util.List;

/**
 * A multi-turn chat session: a system prompt and the turns answered so far. A new turn's prompt holds every turn
 * whose answer has arrived when it is dispatched (a turn still in flight is not part of the next one's context).
 * Thread-safe: turns are built and answered on the client's event loops; the lock is held only for list copies.
 */
final class ChatSession {

    private final String id;
    private final String system;
    private final boolean chat;
    private final List<Messages.Message> history = new ArrayList<>();
    private int contextTokens;

    ChatSession(String id, String system, boolean chat) {
        this.id = id;
        this.system = system;
        this.chat = chat;
    }

    String id() {
        return id;
    }

    /** The prompt of a new turn: system prompt, answered turns, then the question. */
    synchronized Prompt turn(String question) {
        if (chat) {
            List<Messages.Message> m = new ArrayList<>(history.size() + 2);
            if (!system.isEmpty()) {
                m.add(new Messages.Message("system", system));
            }
            m.addAll(history);
            m.add(new Messages.Message("user", question));
            return Messages.chat(m);
        }
        StringBuilder sb = new StringBuilder(system);
        for (Messages.Message msg : history) {
            sb.append(sb.isEmpty() ? "" : "\n").append(msg.content());
        }
        sb.append(sb.isEmpty() ? "" : "\n").append(question);
        return new Prompt.Text(sb.toString());
    }

    /** Adds an answered turn; {@code tokens} estimates its context growth (question + answer). */
    synchronized void answered(String question, String answer, int tokens) {
        history.add(new Messages.Message("user", question));
        history.add(new Messages.Message("assistant", answer));
        contextTokens += tokens;
    }

    /** Context tokens added by answered turns (estimated from their planned lengths). */
    synchronized int contextTokens() {
        return contextTokens;
    }

    /** Starts the conversation over. */
    synchronized void reset() {
        history.clear();
        contextTokens = 0;
    }
}
