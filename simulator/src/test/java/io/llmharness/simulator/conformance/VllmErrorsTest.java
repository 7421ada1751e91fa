package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** vLLM error bodies, types and codes (checklist 12–18, 22; §1.8). */
class VllmErrorsTest extends SimTestSupport {
    private TestClient c;

    @BeforeEach
    void setUp() {
        c = client(start(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxModelLen(256))
                .with(Latency.zero())));
    }

    private JsonNode expectError(TestClient.Response r, int status, String type) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.contentType()).startsWith("application/json");
        JsonNode err = r.json().get("error");
        assertThat(err).as(r.body()).isNotNull();
        assertThat(err.get("type").asText()).isEqualTo(type);
        assertThat(err.get("code").asInt()).isEqualTo(status);
        assertThat(err.get("message").asText()).isNotBlank();
        assertThat(err.has("param")).isTrue();
        return err;
    }

    @Test
    void streamOptionsWithoutStream() {
        ObjectNode body = completion("x", 4);
        body.putObject("stream_options").put("include_usage", true);
        JsonNode err = expectError(c.postJson("/v1/completions", body), 400, "BadRequestError");
        assertThat(err.get("message").asText()).isEqualTo("Stream options can only be defined when `stream=True`.");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "temperature|-1|temperature must be non-negative",
                "top_p|0|top_p must be in (0, 1]",
                "n|0|n must be at least 1",
                "max_tokens|0|max_tokens must be at least 1",
                "max_tokens|-5|max_tokens must be at least 1",
                "top_k|-7|top_k must be 0 (disable), or at least 1"
            })
    void badSamplingValues(String field, String value, String message) {
        ObjectNode body = completion("x", 4);
        body.set(field, TestClient.JSON.getNodeFactory().numberNode(Double.parseDouble(value)));
        JsonNode err = expectError(c.postJson("/v1/completions", body), 400, "BadRequestError");
        assertThat(err.get("message").asText()).startsWith(message);
        assertThat(err.get("param").asText()).isEqualTo(field);
    }

    @Test
    void wrongTypeIsASchemaValidationError() {
        ObjectNode body = completion("x", 4).put("max_tokens", "ten");
        JsonNode err = expectError(c.postJson("/v1/completions", body), 400, "Bad Request");
        assertThat(err.get("message").asText())
                .isEqualTo(
                        "1 validation error:\n  {'type': 'int_parsing', 'loc': ('body', 'max_tokens'), 'msg':"
                                + " 'Input should be a valid integer, unable to parse string as an integer', 'input': 'ten'}\n");
        assertThat(err.get("param").isNull())
                .as("FastAPI's handler sets no param")
                .isTrue();
    }

    @Test
    void malformedJsonIsFastApisJsonInvalidWithPythonsMessage() {
        JsonNode err = expectError(c.post("/v1/completions", "{\"prompt\": \"x\", "), 400, "Bad Request");
        assertThat(err.get("message").asText())
                .isEqualTo("1 validation error:\n  {'type': 'json_invalid', 'loc': ('body', 16), 'msg': 'JSON decode"
                        + " error', 'input': {}, 'ctx': {'error': 'Expecting property name enclosed in double"
                        + " quotes'}}\n");
        assertThat(err.get("param").isNull()).isTrue();
        assertThat(expectError(c.post("/v1/completions", "{\"prompt\" \"x\"}"), 400, "Bad Request")
                        .get("message")
                        .asText())
                .contains("'loc': ('body', 10)", "'error': \"Expecting ':' delimiter\"");
        assertThat(expectError(c.post("/v1/chat/completions", ""), 400, "Bad Request")
                        .get("message")
                        .asText())
                .isEqualTo("1 validation error:\n  {'type': 'missing', 'loc': ('body',), 'msg': 'Field required',"
                        + " 'input': None}\n");
        expectError(c.post("/v1/chat/completions", "[1,2]"), 400, "Bad Request");
    }

    @Test
    void nonJsonContentTypeIsFastApisValidationError() {
        JsonNode err = expectError(c.post("/v1/completions", "x", "Content-Type", "text/plain"), 400, "Bad Request");
        assertThat(err.get("message").asText())
                .isEqualTo("1 validation error:\n  Unsupported Media Type: Only 'application/json' is allowed\n");
        assertThat(err.get("param").isNull()).isTrue();
    }

    @Test
    void emptyAndMissingPrompt() {
        expectError(c.postJson("/v1/completions", completion("", 4)), 400, "BadRequestError");
        ObjectNode noPrompt = completion("x", 4);
        noPrompt.remove("prompt");
        expectError(c.postJson("/v1/completions", noPrompt), 400, "BadRequestError");
        ObjectNode emptyList = completion("x", 4);
        emptyList.putArray("prompt");
        expectError(c.postJson("/v1/completions", emptyList), 400, "BadRequestError");
    }

    @Test
    void chatSpecificValidation() {
        ObjectNode topLogprobs = chat("x", 4).put("top_logprobs", 5);
        expectError(c.postJson("/v1/chat/completions", topLogprobs), 400, "BadRequestError");
        ObjectNode tools = chat("x", 4);
        tools.putArray("tools");
        expectError(c.postJson("/v1/chat/completions", tools), 400, "BadRequestError");
        ObjectNode choice = chat("x", 4).put("tool_choice", "auto");
        expectError(c.postJson("/v1/chat/completions", choice), 400, "BadRequestError");
        ObjectNode noMessages = obj().put("max_tokens", 3);
        expectError(c.postJson("/v1/chat/completions", noMessages), 400, "Bad Request");
        ObjectNode badRole = chat("x", 4);
        ((ObjectNode) badRole.at("/messages/0")).put("role", "wizard");
        expectError(c.postJson("/v1/chat/completions", badRole), 400, "Bad Request");
    }

    @Test
    void unknownModelIs404WithParamModel() {
        ObjectNode body = completion("x", 4).put("model", "foo");
        JsonNode err = expectError(c.postJson("/v1/completions", body), 404, "NotFoundError");
        assertThat(err.get("message").asText()).isEqualTo("The model `foo` does not exist.");
        assertThat(err.get("param").asText()).isEqualTo("model");
    }

    @Test
    void contextOverflowMatchesClientRegexes() {
        StringBuilder longPrompt = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            longPrompt.append(" word");
        }
        JsonNode err = expectError(
                c.postJson("/v1/completions", completion(longPrompt.toString(), 4)), 400, "BadRequestError");
        assertThat(err.get("message").asText()).containsPattern("maximum context length|context length");
        JsonNode err2 = expectError(c.postJson("/v1/completions", completion("short", 300)), 400, "BadRequestError");
        assertThat(err2.get("message").asText()).startsWith("This model's maximum context length is 256 tokens.");
    }

    @Test
    void errorsBeforeStreamingAreJsonNotSse() {
        ObjectNode body = streaming(completion("x", 4).put("model", "nope"));
        var s = c.stream("/v1/completions", body.toString());
        assertThat(s.status()).isEqualTo(404);
        assertThat(s.contentType()).startsWith("application/json");
        assertThat(s.errorBody()).contains("NotFoundError");
    }

    @Test
    void fastApiNotFoundAndMethodNotAllowed() {
        var nf = c.get("/v1/nothing-here");
        assertThat(nf.status()).isEqualTo(404);
        assertThat(nf.body()).isEqualTo("{\"detail\":\"Not Found\"}");
        var mna = c.get("/v1/completions");
        assertThat(mna.status()).isEqualTo(405);
        assertThat(mna.body()).isEqualTo("{\"detail\":\"Method Not Allowed\"}");
    }

    @Test
    void legacyFlatShapeSwitch() {
        TestClient legacy = client(start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Compatibility.DEFAULTS.withLegacyErrorShape(true))));
        JsonNode body = legacy.postJson("/v1/completions", completion("x", 4).put("model", "foo"))
                .json();
        assertThat(body.get("object").asText()).isEqualTo("error");
        assertThat(body.get("type").asText()).isEqualTo("NotFoundError");
        assertThat(body.get("code").asInt()).isEqualTo(404);
    }

    @Test
    void apiKeyGuardsV1ButNotHealthOrMetrics() {
        TestClient keyed = client(
                start(SimulatorOptions.defaults().with(Latency.zero()).with(Admission.DEFAULTS.withApiKey("s3cret"))));
        var denied = keyed.postJson("/v1/completions", completion("x", 2));
        assertThat(denied.status()).isEqualTo(401);
        assertThat(denied.body()).isEqualTo("{\"error\":\"Unauthorized\"}");
        assertThat(keyed.postJson("/v1/completions", completion("x", 2), "Authorization", "Bearer wrong")
                        .status())
                .isEqualTo(401);
        assertThat(keyed.postJson("/v1/completions", completion("x", 2), "Authorization", "Bearer s3cret")
                        .status())
                .isEqualTo(200);
        assertThat(keyed.get("/health").status()).isEqualTo(200);
        assertThat(keyed.get("/metrics").status()).isEqualTo(200);
        assertThat(keyed.post("/tokenize", "{\"prompt\":\"hi\"}").status()).isEqualTo(200);
    }

    @Test
    void tokenIdsMustBeInVocabulary() {
        ObjectNode body = completion("x", 2);
        body.putArray("prompt").add(-1);
        expectError(c.postJson("/v1/completions", body), 400, "BadRequestError");
    }
}
