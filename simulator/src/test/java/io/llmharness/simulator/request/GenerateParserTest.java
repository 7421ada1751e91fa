package io.llmharness.simulator.request;

import static io.llmharness.simulator.request.OpenAiParserTest.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.tokens.SimTokenizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SGLang's native {@code /generate} body: inputs, per-prompt sampling parameters, images, SGLang's messages. */
class GenerateParserTest {

    private final GenerateParser parser =
            new GenerateParser(SimulatorOptions.defaults().with(Identity.DEFAULTS.withPersona(Persona.SGLANG)));

    @Test
    void oneTextPromptWithSglangDefaults() {
        GenerationRequest r = parser.parse(json("{'text': 'hello there'}"));
        assertThat(r.api()).isEqualTo(GenerationRequest.Api.GENERATE);
        assertThat(r.batch()).isFalse();
        assertThat(r.stream()).isFalse();
        assertThat(r.returnTokenIds()).isTrue();
        assertThat(r.requestId()).isNull();
        PromptInput p = r.prompts().get(0);
        assertThat(p.ids()[0]).isEqualTo(SimTokenizer.BOS);
        assertThat(p.text()).isEqualTo("hello there");
        assertThat(p.sampling().maxTokens()).as("max_new_tokens default").isEqualTo(128);
        assertThat(p.sampling().temperature()).isEqualTo(1.0);
        assertThat(p.sampling().n()).isEqualTo(1);
        assertThat(p.sampling().stop()).isEmpty();
        assertThat(p.sampling().seed()).isNull();
    }

    @Test
    void batchesTakeOneSamplingObjectEachOrShareTheLast() {
        GenerationRequest r = parser.parse(json("{'input_ids': [[1, 2], [3], [4, 5, 6]], 'rid': ['a', 'b', 'c'],"
                + " 'stream': true, 'sampling_params': [{'max_new_tokens': 4}, {'max_new_tokens': 5,"
                + " 'sampling_seed': 9, 'stop': 'x', 'no_stop_trim': true, 'stop_token_ids': [2],"
                + " 'ignore_eos': true, 'min_new_tokens': 1, 'temperature': 0, 'top_p': 0.5, 'top_k': 3}]}"));
        assertThat(r.batch()).isTrue();
        assertThat(r.stream()).isTrue();
        assertThat(r.requestId()).as("the first rid").isEqualTo("a");
        assertThat(r.prompts()).hasSize(3);
        assertThat(r.prompts().get(0).ids()).containsExactly(1, 2);
        assertThat(r.prompts().get(0).sampling().maxTokens()).isEqualTo(4);
        Sampling second = r.prompts().get(1).sampling();
        assertThat(second.maxTokens()).isEqualTo(5);
        assertThat(second.seed()).isEqualTo(9L);
        assertThat(second.stop()).containsExactly("x");
        assertThat(second.includeStopStr()).as("no_stop_trim").isTrue();
        assertThat(second.stopTokenIds()).containsExactly(2);
        assertThat(second.ignoreEos()).isTrue();
        assertThat(second.minTokens()).isEqualTo(1);
        assertThat(r.prompts().get(2).sampling().maxTokens())
                .as("the last object serves the rest")
                .isEqualTo(5);
        assertThat(parser.parse(json("{'text': ['a', 'b']}")).prompts()).hasSize(2);
        assertThat(parser.parse(json("{'text': 'a', 'rid': 'only'}")).requestId())
                .isEqualTo("only");
    }

    @Test
    void limitsAndN() {
        assertThat(parser.parse(json("{'input_ids': [1], 'sampling_params': {'max_new_tokens': 0}}"))
                        .prompts()
                        .get(0)
                        .sampling()
                        .maxTokens())
                .as("0 still generates one token")
                .isEqualTo(1);
        GenerateParser small = new GenerateParser(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG))
                .with(Capacity.DEFAULTS.withMaxModelLen(10)));
        assertThat(small.parse(json("{'input_ids': [1, 2, 3], 'sampling_params': {'max_new_tokens': null}}"))
                        .prompts()
                        .get(0)
                        .sampling()
                        .maxTokens())
                .as("null: the rest of the context")
                .isEqualTo(7);
        assertThat(small.parse(json("{'input_ids': [1, 2, 3], 'sampling_params': {'max_new_tokens': 50}}"))
                        .prompts()
                        .get(0)
                        .sampling()
                        .maxTokens())
                .as("capped at the context, silently")
                .isEqualTo(7);
        GenerationRequest n = parser.parse(json("{'input_ids': [1], 'sampling_params': {'n': 3}}"));
        assertThat(n.batch()).as("n > 1 answers with an array").isTrue();
        assertThat(n.choices()).isEqualTo(3);
    }

    @Test
    void imagesArePlaceholderTokensInFrontOfThePrompt() {
        GenerationRequest r =
                parser.parse(json("{'input_ids': [[5, 6], [7]], 'image_data': ['data:image/png;base64,AAAA', null]}"));
        PromptInput withImage = r.prompts().get(0);
        assertThat(withImage.ids()[0]).isEqualTo(SimTokenizer.IMAGE);
        assertThat(withImage.ids()).endsWith(5, 6);
        assertThat(withImage.firstMediaPos()).isZero();
        assertThat(withImage.mediaSalt()).isNotZero();
        assertThat(withImage.echoIds()).containsExactly(5, 6);
        PromptInput plain = r.prompts().get(1);
        assertThat(plain.ids()).containsExactly(7);
        assertThat(plain.mediaSalt()).isZero();
        assertThat(parser.parse(json("{'input_ids': [5], 'image_data': 'data:image/png;base64,AAAA'}"))
                        .prompts()
                        .get(0)
                        .ids()[0])
                .isEqualTo(SimTokenizer.IMAGE);
    }

    @Test
    void jsonSchemaAsStringOrObject() {
        ObjectNode body = (ObjectNode) json("{'text': 'a', 'sampling_params': {}}");
        ((ObjectNode) body.get("sampling_params")).put("json_schema", "{\"type\": \"object\"}");
        Sampling asString = parser.parse(body).prompts().get(0).sampling();
        assertThat(asString.constraint()).isNotNull();
        Sampling asObject = parser.parse(json("{'text': 'a', 'sampling_params': {'json_schema': {'type': 'object'}}}"))
                .prompts()
                .get(0)
                .sampling();
        assertThat(asObject.constraint()).isInstanceOf(Constraint.Schema.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "{}                                          | Either text, input_ids or input_embeds should be provided.",
                "{'text': 'a', 'input_ids': [1]}             | Either text, input_ids or input_embeds should be provided, not several.",
                "{'text': []}                                | text must be a string or a non-empty list of strings.",
                "{'text': 5}                                 | text must be a string or a non-empty list of strings.",
                "{'text': ['a', 5]}                          | text must be a string or a list of strings.",
                "{'input_ids': []}                           | input_ids cannot be empty.",
                "{'input_ids': 'x'}                          | input_ids cannot be empty.",
                "{'input_ids': [[1], []]}                    | input_ids cannot be empty.",
                "{'input_ids': [1, 'x']}                     | input_ids must contain integers, got 'x'.",
                "{'input_ids': [262144]}                     | The input_ids 262144 is out of the vocabulary range.",
                "{'input_ids': [1], 'sampling_params': 5}    | sampling_params must be an object or a list of objects.",
                "{'input_ids': [1], 'sampling_params': {'max_new_tokens': -1}} | max_new_tokens must be at least 0, got -1.",
                "{'input_ids': [1], 'sampling_params': {'min_new_tokens': 5, 'max_new_tokens': 4}} | min_new_tokens must be in [0, max_new_tokens], got 5.",
                "{'input_ids': [1], 'sampling_params': {'min_new_tokens': -1}} | min_new_tokens must be in [0, max_new_tokens], got -1.",
                "{'input_ids': [1], 'sampling_params': {'temperature': -1}} | temperature must be non-negative, got -1.0.",
                "{'input_ids': [1], 'sampling_params': {'top_p': 0}} | top_p must be in (0, 1], got 0.0.",
                "{'input_ids': [1], 'sampling_params': {'top_k': 0}} | top_k must be -1 (disable), or at least 1, got 0.",
                "{'input_ids': [1], 'sampling_params': {'regex': 'a', 'ebnf': 'b'}} | Only one of regex, json_schema, or ebnf can be set.",
            })
    void sglangsErrorMessages(String body, String message) {
        assertThatThrownBy(() -> parser.parse(json(body)))
                .isInstanceOf(ApiError.class)
                .hasMessage(message.strip());
    }

    @Test
    void notAnObjectIsAValidationError() {
        assertThatThrownBy(() -> parser.parse(json("[1]")))
                .isInstanceOfSatisfying(
                        ApiError.class, e -> assertThat(e.type()).isEqualTo(ApiError.VALIDATION_TYPE));
    }
}
