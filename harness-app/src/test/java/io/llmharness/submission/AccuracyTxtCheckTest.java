package io.llmharness.submission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** accuracy.txt read as the checker reads it, and the system description template against the checker's fields. */
class AccuracyTxtCheckTest {

    private static final String HASH = "hash=67fdbd042a4bcb16775c8f216fca75deb2eaf5ae8c19344f328c650faaa830b5";

    @TempDir
    Path dir;

    @Test
    void aPassingLlama2ResultHasNoProblems() {
        List<String> lines = List.of(
                "",
                "Results",
                "",
                "{'rouge1': 44.4465, 'rouge2': 22.0638, 'rougeL': 28.625, 'rougeLsum': 42.0251, 'gen_len': 29614748,"
                        + " 'gen_num': 24576, 'gen_tok_len': 7399575, 'tokens_per_sample': 301.1}",
                "",
                HASH);
        assertThat(AccuracyTxtCheck.check("llama2-70b", "llama2-70b-99", lines)).isEmpty();
        // the 99.9 targets (44.4312 * 0.999 = 44.3868, ...) are met as well
        assertThat(AccuracyTxtCheck.check("llama2-70b", "llama2-70b-99.9", lines))
                .isEmpty();
    }

    @Test
    void missingMetricsLowValuesAndNoHashAreNamed() {
        List<String> lines = List.of("{'rouge1': '30.0', 'rouge2': '15.9075', 'rougeL': '24.4957', 'gen_len': 100}");
        List<String> problems = AccuracyTxtCheck.check("llama3.1-8b", "llama3.1-8b", lines);
        assertThat(problems).hasSize(4);
        assertThat(problems.get(0)).startsWith("accuracy: rouge1 30.0 misses the target >= 38.3914");
        assertThat(problems.get(1))
                .isEqualTo("accuracy: accuracy.txt prints no rougeLsum (run 'harness accuracy' on the accuracy run)");
        assertThat(problems.get(2)).startsWith("accuracy: gen_len 100 misses the target 7350879.6");
        assertThat(problems.get(3)).isEqualTo("accuracy: accuracy.txt has no hash= line");
    }

    @Test
    void theSystemTemplateHasEveryRequiredFieldAndOnlyPlaceholdersToFill() throws Exception {
        Path file = dir.resolve("s.json");
        new ObjectMapper()
                .writeValue(file.toFile(), SystemDescription.of("closed", "MyOrg", "s", "datacenter", "0.1.0"));
        List<String> problems = SystemCheck.check(file, "MyOrg");
        assertThat(problems).singleElement().asString().startsWith("fill in status, number_of_nodes,");
        assertThat(SystemCheck.check(file, "OtherOrg")).contains("submitter 'MyOrg' differs from --org OtherOrg");
    }
}
