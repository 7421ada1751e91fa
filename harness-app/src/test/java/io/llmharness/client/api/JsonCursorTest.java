package io.llmharness.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonCursorTest {

    private static final JsonFactory JACKSON = new JsonFactory();

    @Test
    void readsAnOpenAiChunkTheWayJacksonDoes() throws IOException {
        String chunk = "{\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":1795673868,\"model\":\"m\","
                + "\"choices\":[{\"index\":0,\"text\":\" caf\\u00e9 \\\"q\\\" \u00e9\u4e2d\uD83D\uDE00\","
                + "\"logprobs\":null,\"finish_reason\":null,\"token_ids\":[128000,-5,0]}],"
                + "\"usage\":{\"prompt_tokens\":12,\"x\":1.5e3,\"ok\":true,\"no\":false}}";
        assertThat(tokens(chunk)).isEqualTo(jacksonTokens(chunk));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void randomDocumentsGiveJacksonsTokens(long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            StringBuilder sb = new StringBuilder();
            value(sb, r, 0);
            String doc = sb.toString();
            assertThat(tokens(doc)).as(doc).isEqualTo(jacksonTokens(doc));
        }
    }

    @Test
    void textEqualsComparesStringsInPlaceAndDecodesEscapes() {
        byte[] b = bytes("[\"error\",\"err\\u006Fr\",\"errors\",\"\",5,null,{\"error\":1}]");
        JsonCursor c = new JsonCursor().reset(b, 0, b.length);
        byte[] error = bytes("error");
        List<Boolean> seen = new ArrayList<>();
        c.nextToken();
        while (c.nextToken() != JsonToken.END_ARRAY) {
            seen.add(c.textEquals(error));
            c.skipChildren();
        }
        assertThat(seen).containsExactly(true, true, false, false, false, false, false);
    }

    @Test
    void skipChildrenLandsOnTheContainersEnd() {
        byte[] b = bytes("{\"a\":{\"b\":[1,{\"c\":\"]}\"}],\"d\":2},\"e\":3}");
        JsonCursor c = new JsonCursor().reset(b, 0, b.length);
        assertThat(c.nextToken()).isEqualTo(JsonToken.START_OBJECT);
        assertThat(c.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
        assertThat(c.nextToken()).isEqualTo(JsonToken.START_OBJECT);
        c.skipChildren();
        assertThat(c.currentToken()).isEqualTo(JsonToken.END_OBJECT);
        assertThat(c.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
        assertThat(c.currentName()).isEqualTo("e");
        assertThat(c.nextToken()).isEqualTo(JsonToken.VALUE_NUMBER_INT);
        assertThat(c.getLongValue()).isEqualTo(3);
        assertThat(c.nextToken()).isEqualTo(JsonToken.END_OBJECT);
        assertThat(c.nextToken()).isNull();
    }

    @Test
    void namesAreInternedAndTextLengthsMatchStrings() {
        byte[] b = bytes("{\"finish_reason\":\"stop\",\"text\":\"a\u00e9\uD83D\uDE00\\n\"}");
        JsonCursor c = new JsonCursor().reset(b, 0, b.length);
        c.nextToken();
        c.nextToken();
        String first = c.currentName();
        c.reset(b, 0, b.length).nextToken();
        c.nextToken();
        assertThat(c.currentName()).isSameAs(first);
        c.nextToken();
        c.nextToken();
        c.nextToken();
        assertThat(c.getText()).isEqualTo("a\u00e9\uD83D\uDE00\n");
        assertThat(c.getTextLength()).isEqualTo(c.getText().length());
        assertThat(c.hasText()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"a\":1",
                "{\"a\" 1}",
                "{\"a\":1,}",
                "[1,]",
                "[1 2]",
                "{\"a\":tru}",
                "{\"a\":\"x}",
                "{\"a\":-}",
                "{\"a\":1.}",
                "{\"a\":1e}",
                "{,}",
                "{\"a\":\"\u0001\"}",
                "{\"choices\":[{\"index\":0,\"text\":\"x\"}",
                ""
            })
    void malformedDocumentsAreFormatErrors(String doc) {
        byte[] b = bytes(doc);
        JsonCursor c = new JsonCursor().reset(b, 0, b.length);
        assertThatThrownBy(() -> {
                    while (c.nextToken() != null) {
                        // read to the end
                    }
                    if (b.length == 0) {
                        throw new ResponseFormatException("empty");
                    }
                })
                .isInstanceOf(ResponseFormatException.class);
    }

    @Test
    void contentAfterTheRootValueIsIgnored() {
        byte[] b = bytes("{\"a\":1} trailing");
        JsonCursor c = new JsonCursor().reset(b, 0, b.length);
        List<JsonToken> seen = new ArrayList<>();
        JsonToken t;
        while ((t = c.nextToken()) != null) {
            seen.add(t);
        }
        assertThat(seen)
                .containsExactly(
                        JsonToken.START_OBJECT, JsonToken.FIELD_NAME, JsonToken.VALUE_NUMBER_INT, JsonToken.END_OBJECT);
    }

    // ---- helpers

    private static List<String> tokens(String doc) {
        byte[] b = bytes(" " + doc + " ");
        JsonCursor c = new JsonCursor().reset(b, 1, b.length - 2);
        List<String> out = new ArrayList<>();
        JsonToken t;
        while ((t = c.nextToken()) != null) {
            out.add(describe(t, c.getText(), t == JsonToken.VALUE_NUMBER_INT ? c.getLongValue() : 0));
        }
        return out;
    }

    private static List<String> jacksonTokens(String doc) throws IOException {
        List<String> out = new ArrayList<>();
        try (JsonParser p = JACKSON.createParser(bytes(doc))) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                out.add(describe(t, p.getText(), t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : 0));
            }
        }
        return out;
    }

    private static String describe(JsonToken t, String text, long number) {
        return switch (t) {
            case FIELD_NAME, VALUE_STRING -> t + ":" + text;
            case VALUE_NUMBER_INT -> t + ":" + number;
            case VALUE_NUMBER_FLOAT -> t + ":" + Double.parseDouble(text);
            default -> t.toString();
        };
    }

    private static void value(StringBuilder sb, SplittableRandom r, int depth) {
        int kind = r.nextInt(depth > 4 ? 5 : 7);
        switch (kind) {
            case 0 -> string(sb, r);
            case 1 -> sb.append(r.nextLong(-1_000_000_000_000L, 1_000_000_000_000L));
            case 2 ->
                sb.append(r.nextInt(-1000, 1000))
                        .append('.')
                        .append(r.nextInt(0, 999))
                        .append("e-2");
            case 3 -> sb.append(r.nextBoolean() ? "true" : "false");
            case 4 -> sb.append("null");
            case 5 -> {
                sb.append('{').append(ws(r));
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        sb.append(',').append(ws(r));
                    }
                    string(sb, r);
                    sb.append(ws(r)).append(':').append(ws(r));
                    value(sb, r, depth + 1);
                }
                sb.append(ws(r)).append('}');
            }
            default -> {
                sb.append('[');
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        sb.append(ws(r)).append(',');
                    }
                    value(sb, r, depth + 1);
                }
                sb.append(']');
            }
        }
    }

    private static void string(StringBuilder sb, SplittableRandom r) {
        String[] pieces = {
            "a",
            "text",
            "token_ids",
            " ",
            "\\\"",
            "\\\\",
            "\\n",
            "\\u00e9",
            "\u00e9",
            "\u4e2d",
            "\uD83D\uDE00",
            "\\/",
            "\\t",
            "finish_reason",
            "\\uD83D\\uDE00"
        };
        sb.append('"');
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            sb.append(pieces[r.nextInt(pieces.length)]);
        }
        sb.append('"');
    }

    private static String ws(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> " ";
            case 1 -> "\n\t";
            default -> "";
        };
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
