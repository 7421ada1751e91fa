package io.llmharness.simulator.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonSyntaxTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "`{\"a\": 1,}`       | Expecting property name enclosed in double quotes | 8",
                "`{\"a\" 1}`         | Expecting ':' delimiter                           | 5",
                "`{\"a\": 1 \"b\"}`  | Expecting ',' delimiter                           | 8",
                "`[1, 2`             | Expecting ',' delimiter                           | 5",
                "`[1, ]`             | Expecting value                                   | 4",
                "`{\"a\": }`         | Expecting value                                   | 6",
                "`{\"a\": \"xy`      | Unterminated string starting at                   | 6",
                "`{\"a\": \"x\\qy\"}` | Invalid \\escape                                 | 8",
                "`{} {}`             | Extra data                                        | 3",
                "`{'a': 1}`          | Expecting property name enclosed in double quotes | 1",
                "`tru`               | Expecting value                                   | 0",
            })
    void errorsArePythonsMessageAndPosition(String text, String message, int position) {
        assertThat(JsonSyntax.find(text)).isEqualTo(new JsonSyntax.Error(message, position));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {"`{\"a\": [1, -2.5e3, true, null, NaN, \"\\u00e9\"]}`", "` [] `"})
    void validTextHasNoError(String text) {
        assertThat(JsonSyntax.find(text)).isNull();
    }
}
