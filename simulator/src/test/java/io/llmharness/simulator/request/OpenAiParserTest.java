package io.llmharness.simulator.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code /v1/completions} and {@code /v1/chat/completions} bodies: vLLM's defaults, shapes and error messages. */
class OpenAiParserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final OpenAiParser vllm = new OpenAiParser(SimulatorOptions.defaults());

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static ApiError error(Runnable parse) {
        try {
            parse.run();
        } catch (ApiError e) {
            return e;
        }
        throw new AssertionError("no ApiError");
    }

    @Test
    void completionDefaults() {
        GenerationRequest r = vllm.completions(json("{'prompt': 'hello world'}"));
        assertThat(r.api()).isEqualTo(GenerationRequest.Api.COMPLETIONS);
        assertThat(r.model()).isEqualTo("sim-model");
        assertThat(r.stream()).isFalse();
        assertThat(r.includeUsage()).isFalse();
        assertThat(r.echo()).isFalse();
        assertThat(r.streamInterval()).isZero();
        assertThat(r.prompts()).hasSize(1);
        PromptInput p = r.prompts().get(0);
        assertThat(p.ids()[0]).as("BOS added").isEqualTo(SimTokenizer.BOS);
        assertThat(p.text()).isEqualTo("hello world");
        Sampling s = p.sampling();
        assertThat(s.maxTokens()).as("completions default").isEqualTo(16);
        assertThat(s.n()).isEqualTo(1);
        assertThat(s.temperature()).isEqualTo(1.0);
        assertThat(s.seed()).isNull();
        assertThat(s.stop()).isEmpty();
    }

    @Test
    void everyPromptShape() {
        assertThat(vllm.completions(json("{'prompt': [1, 2, 3]}"))
                        .prompts()
                        .get(0)
                        .ids())
                .containsExactly(1, 2, 3);
        GenerationRequest batch = vllm.completions(json("{'prompt': [[1, 2], [7, 8]], 'n': 2}"));
        assertThat(batch.prompts()).hasSize(2);
        assertThat(batch.prompts().get(1).ids()).containsExactly(7, 8);
        assertThat(batch.n()).isEqualTo(2);
        assertThat(batch.choices()).isEqualTo(4);
        int[] noBos = vllm.completions(json("{'prompt': 'x', 'add_special_tokens': false}"))
                .prompts()
                .get(0)
                .ids();
        assertThat(noBos[0]).isNotEqualTo(SimTokenizer.BOS);
        assertThat(vllm.completions(json("{'prompt': [1, 2, 3, 4, 5], 'truncate_prompt_tokens': 2}"))
                        .prompts()
                        .get(0)
                        .ids())
                .as("keeps the last tokens")
                .containsExactly(4, 5);
        assertThat(vllm.completions(json("{'prompt': [1, 2], 'truncate_prompt_tokens': -1}"))
                        .prompts()
                        .get(0)
                        .ids())
                .containsExactly(1, 2);
    }

    @Test
    void streamingFlags() {
        GenerationRequest r = vllm.completions(json("{'prompt': [1], 'stream': true, 'stream_options':"
                + " {'include_usage': true, 'continuous_usage_stats': true}, 'return_token_ids': true,"
                + " 'request_id': 'r-1', 'stream_interval': 3, 'echo': true}"));
        assertThat(r.stream()).isTrue();
        assertThat(r.includeUsage()).isTrue();
        assertThat(r.continuousUsage()).isTrue();
        assertThat(r.returnTokenIds()).isTrue();
        assertThat(r.requestId()).isEqualTo("r-1");
        assertThat(r.streamInterval()).isEqualTo(3);
        assertThat(r.echo()).isTrue();
        assertThat(vllm.completions(json("{'prompt': [1], 'stream': true, 'stream_options': {}}"))
                        .includeUsage())
                .as("include_usage defaults to true inside stream_options")
                .isTrue();
        assertThat(vllm.completions(json("{'prompt': [1], 'stream': true, 'stream_options': {'include_usage': false,"
                                + " 'continuous_usage_stats': true}}"))
                        .continuousUsage())
                .as("no continuous usage without usage")
                .isFalse();
        OpenAiParser forced = new OpenAiParser(
                SimulatorOptions.defaults().with(Compatibility.DEFAULTS.withEnableForceIncludeUsage(true)));
        assertThat(forced.completions(json("{'prompt': [1], 'stream': true}")).includeUsage())
                .isTrue();
    }

    @Test
    void samplingFields() {
        Sampling s = vllm.completions(json("{'prompt': [1], 'max_tokens': 9, 'min_tokens': 2, 'ignore_eos': true,"
                        + " 'stop': ['x', 'y'], 'include_stop_str_in_output': true, 'stop_token_ids': [5],"
                        + " 'seed': 7, 'temperature': 0, 'top_p': 1, 'top_k': -1, 'min_p': 0.5,"
                        + " 'repetition_penalty': 1.1, 'presence_penalty': -2, 'frequency_penalty': 2,"
                        + " 'logprobs': 5, 'priority': 0, 'cache_salt': 'salt'}"))
                .prompts()
                .get(0)
                .sampling();
        assertThat(s.maxTokens()).isEqualTo(9);
        assertThat(s.minTokens()).isEqualTo(2);
        assertThat(s.ignoreEos()).isTrue();
        assertThat(s.stop()).containsExactly("x", "y");
        assertThat(s.includeStopStr()).isTrue();
        assertThat(s.stopTokenIds()).containsExactly(5);
        assertThat(s.seed()).isEqualTo(7L);
        assertThat(s.temperature()).isZero();
        assertThat(s.cacheSalt()).isEqualTo("salt");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "{'prompt': [1], 'max_tokens': 0}                  | max_tokens must be at least 1, got 0.  | max_tokens",
                "{'prompt': [1], 'n': 0}                           | n must be at least 1, got 0.          | n",
                "{'prompt': [1], 'temperature': -0.5}              | temperature must be non-negative, got -0.5. | temperature",
                "{'prompt': [1], 'top_p': 0}                       | top_p must be in (0, 1], got 0.0.     | top_p",
                "{'prompt': [1], 'top_p': 1.5}                     | top_p must be in (0, 1], got 1.5.     | top_p",
                "{'prompt': [1], 'top_k': -2}                      | top_k must be 0 (disable), or at least 1, got -2. | top_k",
                "{'prompt': [1], 'min_p': 2}                       | min_p must be in [0, 1], got 2.0.     | min_p",
                "{'prompt': [1], 'repetition_penalty': 0}          | repetition_penalty must be greater than zero, got 0.0. | repetition_penalty",
                "{'prompt': [1], 'presence_penalty': 3}            | presence_penalty must be in [-2, 2], got 3.0. | presence_penalty",
                "{'prompt': [1], 'frequency_penalty': -3}          | frequency_penalty must be in [-2, 2], got -3.0. | frequency_penalty",
                "{'prompt': [1], 'logprobs': -2}                   | logprobs must be non-negative or -1, got -2. | logprobs",
                "{'prompt': [1], 'min_tokens': -1}                 | min_tokens must be greater than or equal to 0, got -1. | min_tokens",
                "{'prompt': [1], 'min_tokens': 5, 'max_tokens': 4} | min_tokens must be less than or equal to max_tokens=4, got 5. | min_tokens",
                "{'prompt': [1], 'priority': 1}                    | Got priority 1 but Priority scheduling is not enabled. | priority",
                "{'prompt': [1], 'truncate_prompt_tokens': 0}      | truncate_prompt_tokens must be >= 1 or -1, got 0. | truncate_prompt_tokens",
                "{'prompt': [1], 'stream_interval': 0}             | stream_interval must be at least 1, got 0. | stream_interval",
                "{'prompt': [1], 'stream_options': {}}             | Stream options can only be defined when `stream=True`. | stream_options",
                "{}                                                | Either prompt or prompt_embeds must be provided and non-empty. | prompt",
                "{'prompt': ''}                                    | Prompt cannot be empty                | prompt",
                "{'prompt': []}                                    | Prompt cannot be empty                | prompt",
                "{'prompt': [[1], []]}                             | Prompt cannot be empty                | prompt",
                "{'prompt': [1, 262144]}                           | Token id 262144 is out of vocabulary  | prompt",
                "{'prompt': [[1], [-1]]}                           | Token id -1 is out of vocabulary      | prompt.1",
                "{'prompt': [1], 'model': 'other'}                 | The model `other` does not exist.     | model",
            })
    void completionErrorsNameTheField(String body, String message, String param) {
        ApiError e = error(() -> vllm.completions(json(body)));
        assertThat(e.getMessage()).isEqualTo(message.strip());
        assertThat(e.param()).isEqualTo(param.strip());
        assertThat(e.status()).isEqualTo(message.contains("does not exist") ? 404 : 400);
    }

    @Test
    void wrongTypesAreValidationErrors() {
        ApiError notObject = error(() -> vllm.completions(json("[1, 2]")));
        assertThat(notObject.type()).isEqualTo(ApiError.VALIDATION_TYPE);
        assertThat(notObject.getMessage()).contains("Input should be a valid dictionary");
        ApiError number = error(() -> vllm.completions(json("{'prompt': 5}")));
        assertThat(number.param()).as("FastAPI's handler leaves param out").isNull();
        assertThat(number.getMessage())
                .as("one error per member of list[int] | list[list[int]] | str | list[str]")
                .isEqualTo("4 validation errors:\n"
                        + "  {'type': 'list_type', 'loc': ('body', 'prompt', 'list[int]'), 'msg': 'Input should be a"
                        + " valid list', 'input': 5}\n"
                        + "  {'type': 'list_type', 'loc': ('body', 'prompt', 'list[list[int]]'), 'msg': 'Input should"
                        + " be a valid list', 'input': 5}\n"
                        + "  {'type': 'string_type', 'loc': ('body', 'prompt', 'str'), 'msg': 'Input should be a valid"
                        + " string', 'input': 5}\n"
                        + "  {'type': 'list_type', 'loc': ('body', 'prompt', 'list[str]'), 'msg': 'Input should be a"
                        + " valid list', 'input': 5}\n");
        ApiError element = error(() -> vllm.completions(json("{'prompt': ['a', 5]}")));
        assertThat(element.getMessage())
                .startsWith("5 validation errors:\n")
                .contains("'loc': ('body', 'prompt', 'list[int]', 0), 'msg': 'Input should be a valid integer,"
                        + " unable to parse string as an integer', 'input': 'a'}")
                .contains("'loc': ('body', 'prompt', 'list[list[int]]', 1)")
                .contains("'loc': ('body', 'prompt', 'list[str]', 1), 'msg': 'Input should be a valid string',"
                        + " 'input': 5}");
        ApiError mixed = error(() -> vllm.completions(json("{'prompt': ['a', [1]]}")));
        assertThat(mixed.getMessage())
                .as("no member takes a mix of texts and id lists")
                .contains("validation errors");
        assertThatThrownBy(() -> vllm.completions(null)).isInstanceOf(ApiError.class);
    }

    @Test
    void contextOverflowIsVllmsMessage() {
        OpenAiParser small = new OpenAiParser(SimulatorOptions.defaults().with(Capacity.DEFAULTS.withMaxModelLen(8)));
        assertThat(error(() -> small.completions(json("{'prompt': [1, 2, 3], 'max_tokens': 6}")))
                        .getMessage())
                .isEqualTo("This model's maximum context length is 8 tokens. However, you requested 9 tokens (3 in"
                        + " the messages, 6 in the completion). Please reduce the length of the messages or"
                        + " completion.");
        assertThat(error(() -> small.completions(json("{'prompt': [1, 2, 3, 4, 5, 6, 7, 8]}")))
                        .getMessage())
                .startsWith("This model's maximum context length is 8 tokens. However, your request has 8 input"
                        + " tokens.");
    }

    @Test
    void chatDefaultsAndFlags() {
        GenerationRequest r = vllm.chat(json("{'messages': [{'role': 'user', 'content': 'hi'}]}"));
        assertThat(r.api()).isEqualTo(GenerationRequest.Api.CHAT);
        assertThat(r.prompts()).hasSize(1);
        assertThat(r.prompts().get(0).sampling().maxTokens())
                .as("no limit: the rest of the context")
                .isEqualTo(32768 - r.prompts().get(0).ids().length);
        Sampling s = vllm.chat(json("{'messages': [{'role': 'user', 'content': 'hi'}], 'max_tokens': 5,"
                        + " 'max_completion_tokens': 3}"))
                .prompts()
                .get(0)
                .sampling();
        assertThat(s.maxTokens()).as("max_completion_tokens wins").isEqualTo(3);
        assertThat(vllm.chat(json("{'messages': [{'role': 'user', 'content': 'hi'}], 'logprobs': true,"
                                + " 'top_logprobs': 2, 'tools': [{'type': 'function'}], 'tool_choice': 'auto'}"))
                        .prompts())
                .hasSize(1);
        assertThat(vllm.chat(json("{'messages': [{'role': 'user', 'content': 'hi'}], 'tool_choice': 'none'}"))
                        .prompts())
                .hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "'add_generation_prompt': true, 'continue_final_message': true | Cannot set both `continue_final_message` and `add_generation_prompt` to True. |",
                "'top_logprobs': 2                                              | when using `top_logprobs`, `logprobs` must be set to true. | top_logprobs",
                "'tools': []                                                    | `tools` must be a non-empty list of tool definitions. | tools",
                "'tools': {}                                                    | `tools` must be a non-empty list of tool definitions. | tools",
                "'tool_choice': 'auto'                                          | When using `tool_choice`, `tools` must be set. | tool_choice",
                "'max_completion_tokens': 0                                     | max_tokens must be at least 1, got 0. | max_tokens",
            })
    void chatErrorsNameTheField(String fields, String message, String param) {
        ApiError e = error(() -> vllm.chat(json("{'messages': [{'role': 'user', 'content': 'hi'}], " + fields + "}")));
        assertThat(e.getMessage()).isEqualTo(message.strip());
        assertThat(e.param()).isEqualTo(param == null ? null : param.strip());
    }

    @Test
    void sglangServesAnyModelName() {
        OpenAiParser sglang =
                new OpenAiParser(SimulatorOptions.defaults().with(Identity.DEFAULTS.withPersona(Persona.SGLANG)));
        assertThat(sglang.completions(json("{'prompt': [1], 'model': 'whatever'}"))
                        .model())
                .isEqualTo("whatever");
        assertThat(vllm.completions(json("{'prompt': [1], 'model': 'sim-model'}"))
                        .model())
                .isEqualTo("sim-model");
        OpenAiParser aliases = new OpenAiParser(
                SimulatorOptions.defaults().with(Identity.DEFAULTS.withServedModelNames(List.of("a", "b"))));
        assertThat(aliases.completions(json("{'prompt': [1], 'model': 'b'}")).model())
                .as("reported under the first served name")
                .isEqualTo("a");
    }
}
