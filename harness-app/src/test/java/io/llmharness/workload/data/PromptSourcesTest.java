package io.llmharness.workload.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptSourcesTest {

    private final WordTokenizer tok = new WordTokenizer();

    @TempDir
    Path dir;

    private static double mean(List<Integer> v) {
        return v.stream().mapToInt(Integer::intValue).average().orElseThrow();
    }

    private static double sd(List<Integer> v) {
        double m = mean(v);
        return Math.sqrt(v.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / v.size());
    }

    @Test
    void randomPromptsHaveExactlyTheSampledLengthsWithTheRequestedStatistics() {
        LengthDistribution in = new LengthDistribution(LengthDistribution.Kind.NORMAL, 10, 100, 50, 10);
        LengthDistribution out = new LengthDistribution(LengthDistribution.Kind.NORMAL, 10, 100, 60, 5);
        DataSpec.Random spec = new DataSpec.Random(in, out, 2000, 0, 1);
        PromptFeed src = PromptSources.create(spec, tok, 42, 0, EndpointType.COMPLETIONS);
        List<Integer> inputs = new ArrayList<>();
        List<Integer> outputs = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            WorkloadRequest r = src.request(0, i, i);
            String text = ((Prompt.Text) r.prompt()).text();
            assertThat(tok.count(text)).as("prompt %d", i).isEqualTo(r.promptTokens());
            inputs.add(r.promptTokens());
            outputs.add(r.maxTokens());
        }
        // 2000 draws of N(50, 10) clipped to [10, 100]: mean within 4 standard errors (0.22), sd within 6 %
        assertThat(mean(inputs)).isCloseTo(50, within(0.9));
        assertThat(sd(inputs)).isCloseTo(10, within(0.6));
        assertThat(inputs).allMatch(n -> n >= 10 && n <= 100);
        assertThat(mean(outputs)).isCloseTo(60, within(0.45));
        assertThat(sd(outputs)).isCloseTo(5, within(0.3));
    }

    @Test
    void aTracesLengthsGoToTheRequestsOfAStageInRowOrderAgainFromTheFirstRow() {
        DataSpec.TraceLengths spec = new DataSpec.TraceLengths("t.csv", new int[] {37, 5, 120}, new int[] {44, 109, 0});
        PromptFeed src = PromptSources.create(spec, tok, 3, 7, EndpointType.COMPLETIONS);
        int[] in = {37, 5, 120, 37, 5, 120, 37};
        int[] out = {44, 109, 1, 44, 109, 1, 44}; // a 0 output length still asks for one token
        for (int i = 0; i < in.length; i++) {
            WorkloadRequest r = src.request(0, i, i);
            assertThat(tok.count(((Prompt.Text) r.prompt()).text()))
                    .as("request %d", i)
                    .isEqualTo(in[i]);
            assertThat(r.maxTokens()).as("request %d", i).isEqualTo(out[i]);
        }
        assertThat(src.request(1, 0, 9).prompt())
                .as("a new stage starts at row 0")
                .isEqualTo(src.request(0, 0, 0).prompt());
        assertThat(src.describe()).contains("t.csv", "3 rows");
    }

    @Test
    void theSameSeedGivesTheSamePromptsAndEveryStageStartsAtPromptZero() {
        DataSpec.Random spec = new DataSpec.Random(LengthDistribution.fixed(20), LengthDistribution.fixed(5), 50, 0, 1);
        PromptFeed a = PromptSources.create(spec, tok, 7, 0, EndpointType.COMPLETIONS);
        PromptFeed b = PromptSources.create(spec, new WordTokenizer(), 7, 0, EndpointType.COMPLETIONS);
        PromptFeed c = PromptSources.create(spec, tok, 8, 0, EndpointType.COMPLETIONS);
        assertThat(a.request(0, 3, 3).prompt()).isEqualTo(b.request(0, 3, 3).prompt());
        assertThat(a.request(0, 3, 3).prompt()).isNotEqualTo(c.request(0, 3, 3).prompt());
        assertThat(a.request(1, 0, 40).prompt()).isEqualTo(a.request(0, 0, 0).prompt());
        assertThat(a.request(0, 3, 3).prompt()).isNotEqualTo(a.request(0, 4, 4).prompt());
    }

    @Test
    void aSharedPrefixIsTheSameWithinAGroupAndHasTheRequestedLength() {
        DataSpec.SharedPrefix spec = new DataSpec.SharedPrefix(
                3, 4, LengthDistribution.fixed(100), LengthDistribution.fixed(20), LengthDistribution.fixed(8), false);
        SharedPrefixPrompts src = (SharedPrefixPrompts) PromptSources.create(spec, tok, 1, 0, EndpointType.COMPLETIONS);
        for (int g = 0; g < 3; g++) {
            assertThat(tok.count(src.system(g))).isEqualTo(100);
        }
        int withPrefix = 0;
        for (int i = 0; i < 12; i++) {
            WorkloadRequest r = src.request(0, i, i);
            String text = ((Prompt.Text) r.prompt()).text();
            int group = (int) r.item() / 4;
            assertThat(text).startsWith(src.system(group));
            withPrefix++;
            assertThat(r.maxTokens()).isEqualTo(8);
            assertThat(r.promptTokens()).isBetween(119, 121); // 100 + 20, give or take the seam
        }
        assertThat(withPrefix).isEqualTo(12);
    }

    @Test
    void multiTurnSessionsCarryTheirAnsweredTurns() {
        DataSpec.SharedPrefix spec = new DataSpec.SharedPrefix(
                1, 2, LengthDistribution.fixed(10), LengthDistribution.fixed(5), LengthDistribution.fixed(4), true);
        PromptFeed src = PromptSources.create(spec, tok, 3, 0, EndpointType.CHAT_COMPLETIONS);
        WorkloadRequest first = src.request(0, 0, 0);
        Prompt.Chat p1 = (Prompt.Chat) first.prompt();
        assertThat(p1.messages()).hasSize(2); // system + question
        first.answered("the answer");
        src.request(0, 1, 1).prompt(); // the other session
        WorkloadRequest again = src.request(0, 2, 2);
        assertThat(again.session()).isEqualTo(first.session());
        Prompt.Chat p2 = (Prompt.Chat) again.prompt();
        assertThat(p2.messages()).hasSize(4);
        assertThat(p2.messages().get(2).path("content").asText()).isEqualTo("the answer");
        assertThat(again.promptTokens()).isGreaterThan(first.promptTokens());
    }

    @Test
    void conversationsRestartAfterTheirLastTurn() {
        DataSpec.ConversationReplay spec = new DataSpec.ConversationReplay(
                42,
                2,
                30,
                LengthDistribution.fixed(5),
                LengthDistribution.fixed(2),
                LengthDistribution.fixed(6),
                LengthDistribution.fixed(3),
                0);
        PromptFeed src = PromptSources.create(spec, tok, 0, 0, EndpointType.COMPLETIONS);
        WorkloadRequest t0 = src.request(0, 0, 0);
        String first = ((Prompt.Text) t0.prompt()).text();
        t0.answered("reply one");
        src.request(0, 1, 1).answered("x");
        WorkloadRequest t1 = src.request(0, 2, 2);
        assertThat(((Prompt.Text) t1.prompt()).text()).contains("reply one").startsWith(first.substring(0, 10));
        t1.answered("reply two");
        src.request(0, 3, 3);
        WorkloadRequest restart = src.request(0, 4, 4);
        assertThat(((Prompt.Text) restart.prompt()).text()).isEqualTo(first);
    }

    @Test
    void shareGptCompletionAndChatWithLengthFilters() throws Exception {
        Path file = dir.resolve("sg.json");
        Files.writeString(file, """
                [
                 {"id": "a", "conversations": [{"from": "human", "value": "What is a queue?"},
                                               {"from": "gpt", "value": "A line of things waiting to be served."}]},
                 {"id": "b", "conversations": [{"from": "human", "value": "Hi"},
                                               {"from": "gpt", "value": "Hello"}]},
                 {"id": "c", "conversations": [{"from": "human", "value": "Name two colours."},
                                               {"from": "gpt", "value": "Red and blue."},
                                               {"from": "human", "value": "And one more?"},
                                               {"from": "gpt", "value": "Green, for example."}]}
                ]
                """);
        DataSpec.ShareGpt spec =
                new DataSpec.ShareGpt(new DataSpec.FileRef(file.toString(), "p.yaml: data.path"), 3, 100, 3, 100, null);
        PromptFeed completion = PromptSources.create(spec, tok, 0, 10, EndpointType.COMPLETIONS);
        assertThat(completion.describe()).contains("2 of 3");
        WorkloadRequest r = completion.request(0, 0, 0);
        assertThat(r.prompt()).isEqualTo(new Prompt.Text("What is a queue?"));
        assertThat(r.maxTokens()).isEqualTo(tok.count("A line of things waiting to be served."));
        PromptFeed chat = PromptSources.create(spec, tok, 0, 10, EndpointType.CHAT_COMPLETIONS);
        Prompt.Chat c = (Prompt.Chat) chat.request(0, 1, 1).prompt();
        assertThat(c.messages()).hasSize(3);
        assertThat(chat.request(0, 1, 1).maxTokens()).isEqualTo(tok.count("Green, for example."));
    }

    @Test
    void anUnreadableDataFileNamesTheKeyAndTheFile() {
        DataSpec.ShareGpt missing = new DataSpec.ShareGpt(
                new DataSpec.FileRef(dir.resolve("nope.json").toString(), "p.yaml: data.path"), 1, 10, 1, 10, null);
        assertThatThrownBy(() -> PromptSources.create(missing, tok, 0, 1, EndpointType.COMPLETIONS))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("p.yaml: data.path")
                .hasMessageContaining("nope.json")
                .hasMessageContaining("no such file");
    }

    @Test
    void onlyThePromptsAStageCanUseAreGenerated() {
        assertThat(PromptSources.count(1000, 31)).isEqualTo(31);
        assertThat(PromptSources.count(1000, 0)).isEqualTo(1000);
        assertThat(PromptSources.count(5, 2)).isEqualTo(5);
    }
}
