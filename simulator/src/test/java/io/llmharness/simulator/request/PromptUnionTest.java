package io.llmharness.simulator.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The prompt union's accept decision (taken without building messages) against the messages built when nothing
 * accepts: each member's lax forms pass, and a value one element away from a member still gets every member's error.
 */
class PromptUnionTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"text\"",
                "\"\"",
                "[]",
                "[1, 2, 3]",
                "[1, 2.0, true, \"7\", \" 12 \"]",
                "[[1, 2], [3.0], []]",
                "[\"a\", \"b\"]",
                "[\"1\", \"a\"]"
            })
    void aValueOneMemberAcceptsPasses(String prompt) throws Exception {
        JsonNode p = MAPPER.readTree(prompt);
        assertThatCode(() -> PromptUnion.check(p)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "null", "{}", "[1, 2.5]", "[1, \"a\"]", "[[1], 2]", "[[1], \"a\"]", "[\"a\", [1]]"})
    void aValueNoMemberAcceptsListsEveryMembersErrors(String prompt) throws Exception {
        JsonNode p = MAPPER.readTree(prompt);
        ApiError e = catchThrowableOfType(ApiError.class, () -> PromptUnion.check(p));
        assertThat(e).as(prompt).isNotNull();
        assertThat(e.getMessage())
                .contains("'prompt', 'list[int]'")
                .contains("'prompt', 'list[list[int]]'")
                .contains("'prompt', 'str')")
                .contains("'prompt', 'list[str]'");
    }
}
