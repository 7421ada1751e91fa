package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way a --generation-config file can be wrong gives one line naming the file and the key or line. */
class GenerationConfigParserTest {

    private static String error(String json) {
        try {
            GenerationConfigParser.parse(json, "gen.json");
        } catch (HarnessException e) {
            assertThat(e.exitCode()).isEqualTo(3);
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        }
        throw new AssertionError("no error for " + json);
    }

    @Test
    void knownKeysAndSynonyms() {
        GenerationConfig c = GenerationConfigParser.parse("""
                {"max_tokens": 64, "min_new_tokens": 2, "temperature": 1, "top_k": 5, "top_p": 0.5,
                 "seed": 9007199254740993, "ignore_eos": true, "stop": ["</s>", "###"]}
                """, "gen.json");
        assertThat(c.common())
                .containsEntry(GenParam.MAX_TOKENS, 64)
                .containsEntry(GenParam.MIN_TOKENS, 2)
                .containsEntry(GenParam.TEMPERATURE, 1.0)
                .containsEntry(GenParam.TOP_K, 5)
                .containsEntry(GenParam.TOP_P, 0.5)
                .containsEntry(GenParam.SEED, 9007199254740993L)
                .containsEntry(GenParam.IGNORE_EOS, true)
                .containsEntry(GenParam.STOP, List.of("</s>", "###"));
        assertThat(GenerationConfigParser.parse("{\"stop\": \"\\n\\n\", \"max_new_tokens\": 1e3}", "g")
                        .common())
                .containsEntry(GenParam.STOP, List.of("\n\n"))
                .containsEntry(GenParam.MAX_TOKENS, 1000);
    }

    @Test
    void unknownKeysAreWarningsNotErrors() {
        GenerationConfig c = GenerationConfigParser.parse(
                "{\"do_sample\": false, \"accuracy\": {\"reasoning_effort\": \"high\", \"_note\": 1}}", "gen.json");
        assertThat(c.common()).isEmpty();
        assertThat(c.warnings())
                .containsExactly(
                        "gen.json key 'do_sample' ignored: not a generation parameter the harness sends (known:"
                                + " max_new_tokens, min_new_tokens, temperature, top_k, top_p, seed, ignore_eos, stop,"
                                + " performance, accuracy, extra)",
                        "gen.json key 'accuracy.reasoning_effort' ignored: not a generation parameter the harness"
                                + " sends (known: max_new_tokens, min_new_tokens, temperature, top_k, top_p, seed,"
                                + " ignore_eos, stop, performance, accuracy, extra)");
    }

    @Test
    void commentKeysAreDroppedEverywhere() {
        GenerationConfig c = GenerationConfigParser.parse(
                "{\"_a\": {\"x\": 1}, \"performance\": {\"_b\": \"y\", \"top_p\": 0.9}}", "gen.json");
        assertThat(c.warnings()).isEmpty();
        assertThat(c.common()).isEmpty();
        assertThat(c.performance()).isEqualTo(Map.of(GenParam.TOP_P, 0.9));
    }

    @Test
    void malformedJsonNamesFileAndLine() {
        assertThat(error("{\n  \"temperature\": 1.0,\n  \"top_p\": ,\n}"))
                .startsWith("gen.json line 3 column 12: invalid JSON (Unexpected character (',' (code 44))")
                .endsWith("); fix the file or drop --generation-config");
    }

    @Test
    void duplicateKeyNamesFileAndLine() {
        assertThat(error("{\"temperature\": 1.0,\n\"temperature\": 0.0}"))
                .startsWith("gen.json line 2 column 14: invalid JSON (Duplicate field 'temperature')");
    }

    @Test
    void typeAndRangeErrorsNameTheKey() {
        assertThat(error("[1, 2]"))
                .isEqualTo("gen.json: must be a JSON object with keys such as max_new_tokens, temperature, top_p");
        assertThat(error("{\"max_new_tokens\": \"lots\"}"))
                .isEqualTo("gen.json key 'max_new_tokens': expected an integer, got \"lots\"");
        assertThat(error("{\"max_new_tokens\": 12.5}"))
                .isEqualTo("gen.json key 'max_new_tokens': expected an integer, got 12.5");
        assertThat(error("{\"max_new_tokens\": 99999999999}"))
                .isEqualTo("gen.json key 'max_new_tokens': expected an integer, got 99999999999");
        assertThat(error("{\"temperature\": \"hot\"}"))
                .isEqualTo("gen.json key 'temperature': expected a number, got \"hot\"");
        assertThat(error("{\"ignore_eos\": 1}")).isEqualTo("gen.json key 'ignore_eos': expected true or false, got 1");
        assertThat(error("{\"stop\": [1]}"))
                .isEqualTo("gen.json key 'stop': expected a string or a list of strings, got [1]");
        assertThat(error("{\"accuracy\": {\"top_p\": 0}}"))
                .isEqualTo("gen.json key 'accuracy.top_p' = 0: must be in (0, 1]");
        assertThat(error("{\"max_new_tokens\": 0}")).isEqualTo("gen.json key 'max_new_tokens' = 0: must be at least 1");
        assertThat(error("{\"performance\": 5}"))
                .isEqualTo("gen.json key 'performance': expected a JSON object, got 5");
        assertThat(error("{\"extra\": {\"x\": null}}"))
                .isEqualTo("gen.json key 'extra.x': null is not a value to send; remove the key to leave it to the"
                        + " server");
    }

    @Test
    void twoSpellingsOfOneParameter() {
        assertThat(error("{\"max_new_tokens\": 10, \"max_tokens\": 20}"))
                .isEqualTo("gen.json key 'max_tokens': max_tokens is already set by another spelling in the same"
                        + " object; keep one");
    }

    @Test
    void missingFileNamesTheFlag(@TempDir Path dir) {
        Path missing = dir.resolve("nope.json");
        assertThatThrownBy(() -> GenerationConfigParser.read(missing))
                .hasMessage("--generation-config " + missing + ": file not found; check the path")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(3);
    }
}
