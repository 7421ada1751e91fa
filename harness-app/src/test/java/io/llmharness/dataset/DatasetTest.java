package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Column detection, overrides, sample limits, statistics and the per-row views. */
class DatasetTest {
    @TempDir
    Path dir;

    private Path write(String json) throws Exception {
        Path f = dir.resolve("d.json");
        Files.writeString(f, json);
        return f;
    }

    @Test
    void detectionFollowsTheDocumentedOrder() throws Exception {
        Path f = write("[{\"text\": \"t\", \"prompt\": \"p\", \"text_input\": \"ti\", \"prompt_token_ids\": [1],"
                + " \"input_tokens\": [2], \"ref_output\": \"r\", \"gt_output\": \"g\", \"messages\": []}]");

        Dataset d = Dataset.load(f);

        assertThat(d.columnFor(StandardColumn.INPUT)).contains("text_input");
        assertThat(d.columnFor(StandardColumn.INPUT_IDS)).contains("input_tokens");
        assertThat(d.columnFor(StandardColumn.TARGETS)).contains("gt_output");
        assertThat(d.columnFor(StandardColumn.MESSAGES)).contains("messages");
    }

    @Test
    void overridesWinOverDetection() throws Exception {
        Path f = write("[{\"input\": \"i\", \"question\": \"q\", \"tok_input\": [1], \"alt_ids\": \"4 5 6\","
                + " \"output\": \"o\", \"label\": \"l\"}]");
        DatasetOptions o = DatasetOptions.defaults()
                .withInputColumn("question")
                .withInputIdsColumn("alt_ids")
                .withTargetColumn("label");

        Dataset d = DatasetLoader.load(f, o);

        assertThat(d.input(0)).isEqualTo("q");
        assertThat(d.inputIds(0)).containsExactly(4, 5, 6);
        assertThat(d.target(0)).isEqualTo("l");
        assertThat(d.column("input_ids").name()).isEqualTo("alt_ids");
        assertThat(d.column("input").name()).isEqualTo("input");
    }

    @Test
    void numSamplesKeepsTheFirstRows() {
        Dataset d = DatasetLoader.load(
                Fixtures.path("small.json"), DatasetOptions.defaults().withNumSamples(2));

        assertThat(d.size()).isEqualTo(2);
        assertThat(d.inputIds(1)).containsExactly(128000, 70000);
        assertThat(d.statistics().count()).isEqualTo(2);
    }

    @Test
    void statisticsOfTokenLengths() {
        Dataset d = Dataset.load(Fixtures.path("small.json"));

        DatasetStatistics s = d.statistics();
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.totalInputTokens()).isEqualTo(12);
        assertThat(s.inputTokens()).isEqualTo(new DatasetStatistics.Lengths(1, 3.0, 4, 5, 5, 5));
        assertThat(s.inputChars()).isNull();
        assertThat(s.format())
                .isEqualTo("4 samples; input tokens: min 1, mean 3.0, p50 4, p90 5, p99 5, max 5 (12 in all)");
        assertThat(s.toMap()).containsEntry("count", 4).containsKey("input_tokens");
    }

    @Test
    void statisticsOfTextWhenThereAreNoIds() throws Exception {
        Dataset d = Dataset.load(write("[{\"prompt\": \"abcd\"}, {\"prompt\": \"ab\"}]"));

        assertThat(d.statistics().inputTokens()).isNull();
        assertThat(d.statistics().inputChars()).isEqualTo(new DatasetStatistics.Lengths(2, 3.0, 4, 4, 4, 4));
    }

    @Test
    void percentilesUseNearestRank() {
        int[] lens = new int[100];
        for (int i = 0; i < 100; i++) {
            lens[i] = 100 - i;
        }
        assertThat(DatasetStatistics.Lengths.of(lens))
                .isEqualTo(new DatasetStatistics.Lengths(1, 50.5, 51, 91, 100, 100));
    }

    @Test
    void sampleListsStandardNamesThenTheOtherColumns() {
        Dataset d = Dataset.load(Fixtures.path("small.json"));

        Map<String, Object> s = d.sample(0);

        assertThat(s.keySet())
                .containsExactly("input", "input_ids", "input_lens", "targets", "tok_input", "output", "n", "score");
        assertThat(s.get("input_lens")).isEqualTo(4);
        assertThat((int[]) s.get("input_ids")).containsExactly(128000, 1, 2, 3);
        assertThat(s.get("n")).isEqualTo(1L);
    }

    @Test
    void viewsDoNotExposeInternalState() {
        Dataset d = Dataset.load(Fixtures.path("small.json"));

        int[] copy = d.inputIds(0);
        copy[0] = -1;
        assertThat(d.inputIds(0)[0]).isEqualTo(128000);
        assertThat(d.inputIdsView(0).isReadOnly()).isTrue();
        assertThat(d.inputIdsView(3).get(4)).isEqualTo(6);
        assertThat(d.inputIdsView(3).limit()).isEqualTo(5);
    }

    @Test
    void messagesStoredAsJsonTextAreParsed() throws Exception {
        Path f = dir.resolve("m.csv");
        Files.writeString(f, "messages,answer\n\"[{\"\"role\"\": \"\"user\"\", \"\"content\"\": \"\"hi\"\"}]\",x\n");

        Dataset d = Dataset.load(f);

        assertThat(d.messages(0).get(0).get("content").asText()).isEqualTo("hi");
        assertThat(d.messagesJson(0)).isEqualTo("[{\"role\":\"user\",\"content\":\"hi\"}]");
    }
}
