package io.llmharness.workload.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.SessionHistory;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Prompts of a replay: exact lengths, equal hash ids giving equal blocks, text rows as given, sessions. */
class TracePromptsTest {

    private final WordTokenizer tok = new WordTokenizer();

    private PromptFeed feed(EndpointType endpoint, TraceRequest... rows) {
        return feed(ReplayOptions.defaults(), endpoint, rows);
    }

    private PromptFeed feed(ReplayOptions options, EndpointType endpoint, TraceRequest... rows) {
        Trace t = new Trace("t.jsonl", TraceFormat.MOONCAKE, 16, List.of(rows), 0);
        return PromptSources.replay(ReplayPlan.of(t, options, 3), tok, 3, endpoint);
    }

    private static String text(WorkloadRequest r) {
        return ((Prompt.Text) r.prompt()).text();
    }

    private static int common(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    @Test
    void equalHashIdsGiveEqualBlocksAndEveryPromptHasItsExactLength() {
        PromptFeed f = feed(
                EndpointType.COMPLETIONS,
                TraceRequest.of(1, 0, 48, 7, 1, 2, 3),
                TraceRequest.of(2, 1, 40, 9, 1, 2, 4),
                TraceRequest.of(3, 2, 40, 9, 5, 2, 4));
        String a = text(f.request(0, 0, 0));
        String b = text(f.request(0, 1, 1));
        String c = text(f.request(0, 2, 2));
        assertThat(tok.count(a)).isEqualTo(48);
        assertThat(tok.count(b)).isEqualTo(40);
        assertThat(f.request(0, 0, 0).maxTokens()).isEqualTo(7);
        assertThat(f.request(0, 1, 1).promptTokens()).isEqualTo(40);
        // blocks 1 and 2 shared: at least 32 tokens of common prefix; block 5 first: nothing shared
        assertThat(tok.count(a.substring(0, common(a, b)))).isGreaterThanOrEqualTo(32);
        assertThat(tok.count(a.substring(0, common(a, c)))).isLessThan(4);
        assertThat(b.substring(common(b, c))).isNotEmpty();
    }

    @Test
    void theSameSeedGivesTheSamePrompts() {
        TraceRequest row = TraceRequest.of(1, 0, 30, 7, 11, 12);
        assertThat(text(feed(EndpointType.COMPLETIONS, row).request(0, 0, 0)))
                .isEqualTo(text(feed(EndpointType.COMPLETIONS, row).request(0, 0, 0)));
    }

    @Test
    void aRowWithoutHashIdsGetsBlocksOfItsOwn() {
        PromptFeed f = feed(EndpointType.COMPLETIONS, TraceRequest.of(1, 0, 20, 7), TraceRequest.of(2, 1, 20, 7));
        String a = text(f.request(0, 0, 0));
        String b = text(f.request(0, 1, 1));
        assertThat(tok.count(a)).isEqualTo(20);
        assertThat(tok.count(a.substring(0, common(a, b)))).isLessThan(4);
    }

    @Test
    void aRowWithTextSendsItsTextAndChatMessagesAsMessages() {
        TraceRequest plain = new TraceRequest(1, 0, 3, 5, new int[0], null, -1, "hello there world");
        TraceRequest msgs = new TraceRequest(
                2,
                1,
                3,
                5,
                new int[0],
                null,
                -1,
                "[{\"role\":\"system\",\"content\":\"be brief\"}," + "{\"role\":\"user\",\"content\":\"hi\"}]");
        PromptFeed completions = feed(EndpointType.COMPLETIONS, plain);
        assertThat(text(completions.request(0, 0, 0))).isEqualTo("hello there world");
        PromptFeed chat = feed(EndpointType.CHAT_COMPLETIONS, plain, msgs);
        Prompt.Chat one = (Prompt.Chat) chat.request(0, 0, 0).prompt();
        assertThat(one.messages().get(0).path("content").asText()).isEqualTo("hello there world");
        Prompt.Chat two = (Prompt.Chat) chat.request(0, 1, 1).prompt();
        assertThat(two.messages()).hasSize(2);
        assertThat(two.messages().get(0).path("role").asText()).isEqualTo("system");
    }

    @Test
    void aSessionsTurnSendsTheHistoryWithTheServersAnswer() {
        PromptFeed f = feed(
                EndpointType.CHAT_COMPLETIONS,
                new TraceRequest(1, 0, 3, 5, new int[0], "s", -1, "first question"),
                new TraceRequest(2, -1, 3, 5, new int[0], "s", 0, "second question"));
        WorkloadRequest first = f.request(0, 0, 0);
        WorkloadRequest second = f.request(0, 1, 1);
        assertThat(first.session()).isEqualTo("s");
        first.prompt();
        first.answered("the server's answer");
        Prompt.Chat p = (Prompt.Chat) second.prompt();
        assertThat(p.messages()).hasSize(3);
        assertThat(p.messages().get(1).path("content").asText()).isEqualTo("the server's answer");
        assertThat(p.messages().get(2).path("content").asText()).isEqualTo("second question");
    }

    @Test
    void withRecordedHistoryATurnSendsTheRecordedAnswerWhateverTheServerSaidOrWhenItFailed() {
        ReplayOptions recorded =
                ReplayOptions.defaults().with(SessionHistory.RECORDED, ReplayOptions.DEFAULT_LAG_THRESHOLD_NS);
        TraceRequest[] rows = {
            new TraceRequest(1, 0, 3, 6, new int[0], "s", -1, "first question"),
            new TraceRequest(2, -1, 3, 5, new int[0], "s", 0, "second question"),
            new TraceRequest(3, -1, 3, 5, new int[0], "s", 0, "third question")
        };
        PromptFeed f = feed(recorded, EndpointType.CHAT_COMPLETIONS, rows);
        f.request(0, 0, 0).prompt();
        f.request(0, 0, 0).answered("the server's answer");
        Prompt.Chat second = (Prompt.Chat) f.request(0, 1, 1).prompt();
        assertThat(second.messages()).hasSize(3);
        String answer = second.messages().get(1).path("content").asText();
        assertThat(answer).isNotEqualTo("the server's answer");
        assertThat(tok.count(answer)).isEqualTo(6); // the first row's output_length
        f.request(0, 1, 1).answered(null); // failed: its recorded answer still joins the history
        Prompt.Chat third = (Prompt.Chat) f.request(0, 2, 2).prompt();
        assertThat(third.messages()).hasSize(5);
        assertThat(tok.count(third.messages().get(3).path("content").asText())).isEqualTo(5);

        // the same seed, another server: the same prompts
        PromptFeed again = feed(recorded, EndpointType.CHAT_COMPLETIONS, rows);
        again.request(0, 0, 0).prompt();
        again.request(0, 0, 0).answered("another answer");
        assertThat(again.request(0, 1, 1).prompt()).isEqualTo(second);
        assertThat(again.describe()).contains("recorded answers");
    }
}
