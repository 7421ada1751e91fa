package io.llmharness.client.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SseParserTest {

    /** Collects events as strings; "[DONE]" marks the terminator. */
    static final class Collector implements SseHandler {
        final List<String> events = new ArrayList<>();

        @Override
        public void onData(byte[] buf, int off, int len) {
            events.add(new String(buf, off, len, StandardCharsets.UTF_8));
        }

        @Override
        public void onDone() {
            events.add("[DONE]");
        }
    }

    static List<String> parseWhole(String body) {
        Collector c = new Collector();
        SseParser p = new SseParser(c, 1 << 20);
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        p.feed(b, 0, b.length);
        return c.events;
    }

    static List<String> parseSplit(byte[] b, int[] cuts) {
        Collector c = new Collector();
        SseParser p = new SseParser(c, 1 << 20);
        int prev = 0;
        for (int cut : cuts) {
            p.feed(b, prev, cut - prev);
            prev = cut;
        }
        p.feed(b, prev, b.length - prev);
        return c.events;
    }

    private static final String VLLM_CHAT =
            "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
                    + "data: {\"choices\":[{\"delta\":{\"content\":\"Grüße, 世界 🌍\"}}]}\n\n"
                    + ": keep-alive\n\n"
                    + "data: {\"choices\":[],\"usage\":{\"completion_tokens\":3}}\n\n"
                    + "data: [DONE]\n\n";

    @Test
    void parsesVllmFraming() {
        assertThat(parseWhole(VLLM_CHAT))
                .containsExactly(
                        "{\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}",
                        "{\"choices\":[{\"delta\":{\"content\":\"Grüße, 世界 🌍\"}}]}",
                        "{\"choices\":[],\"usage\":{\"completion_tokens\":3}}",
                        "[DONE]");
    }

    @Test
    void byteByByteGivesTheSameEvents() {
        byte[] b = VLLM_CHAT.getBytes(StandardCharsets.UTF_8);
        int[] cuts = new int[b.length - 1];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = i + 1;
        }
        assertThat(parseSplit(b, cuts)).isEqualTo(parseWhole(VLLM_CHAT));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1234, 99999})
    void randomSplitsGiveTheSameEvents(long seed) {
        String body = VLLM_CHAT.replace("\n", "\r\n") + VLLM_CHAT;
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        Random rnd = new Random(seed);
        for (int round = 0; round < 50; round++) {
            int n = rnd.nextInt(Math.min(20, b.length));
            int[] cuts = rnd.ints(n, 0, b.length).sorted().toArray();
            assertThat(parseSplit(b, cuts)).isEqualTo(parseWhole(body));
        }
    }

    /**
     * The client feeds every read from one scratch array it overwrites with the next read: an event handed over
     * in place must never be read from a slice after its feed call returned.
     */
    @ParameterizedTest
    @ValueSource(longs = {7, 8, 9, 10})
    void slicesReusedByTheCallerAfterEachFeedGiveTheSameEvents(long seed) {
        String body = VLLM_CHAT + "data: a\ndata: b\n\n" + VLLM_CHAT.replace("\n", "\r\n");
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        Random rnd = new Random(seed);
        for (int round = 0; round < 50; round++) {
            Collector c = new Collector();
            SseParser p = new SseParser(c, 1 << 20);
            byte[] scratch = new byte[b.length];
            int[] cuts = rnd.ints(rnd.nextInt(20), 0, b.length).sorted().toArray();
            int prev = 0;
            for (int k = 0; k <= cuts.length; k++) {
                int cut = k < cuts.length ? cuts[k] : b.length;
                System.arraycopy(b, prev, scratch, 0, cut - prev);
                p.feed(scratch, 0, cut - prev);
                java.util.Arrays.fill(scratch, (byte) '#');
                prev = cut;
            }
            assertThat(c.events).isEqualTo(parseWhole(body));
        }
    }

    @Test
    void crlfAndBareCrLineEnds() {
        assertThat(parseWhole("data: a\r\n\r\ndata: b\r\rdata: [DONE]\r\r")).containsExactly("a", "b", "[DONE]");
    }

    @Test
    void crAtEndOfSliceFollowedByLf() {
        byte[] b = "data: a\r\n\r\ndata: b\r\n\r\n".getBytes(StandardCharsets.UTF_8);
        // cut right after each CR
        assertThat(parseSplit(b, new int[] {8, 10, 19, 21})).containsExactly("a", "b");
    }

    @Test
    void dataWithoutSpaceAndOnlyOneSpaceStripped() {
        assertThat(parseWhole("data:x\n\ndata:  two\n\n")).containsExactly("x", " two");
    }

    @Test
    void commentsAndUnknownFieldsAreIgnored() {
        assertThat(parseWhole(": hello\nevent: message\nid: 7\nretry: 100\nfoo\ndata: v\n\n"))
                .containsExactly("v");
    }

    @Test
    void multipleDataLinesJoinWithNewline() {
        assertThat(parseWhole("data: a\ndata: b\ndata\n\n")).containsExactly("a\nb\n");
    }

    @Test
    void blankLinesWithoutDataDispatchNothing() {
        assertThat(parseWhole("\n\n\n: c\n\ndata: x\n\n")).containsExactly("x");
    }

    @Test
    void bytesAfterDoneAreIgnored() {
        Collector c = new Collector();
        SseParser p = new SseParser(c, 1024);
        byte[] b = "data: a\n\ndata: [DONE]\n\ndata: late\n\n garbage \u0000".getBytes(StandardCharsets.UTF_8);
        p.feed(b, 0, b.length);
        p.feed(b, 0, b.length);
        assertThat(c.events).containsExactly("a", "[DONE]");
        assertThat(p.isDone()).isTrue();
        assertThat(p.eventCount()).isEqualTo(1);
    }

    @Test
    void missingDoneIsVisible() {
        Collector c = new Collector();
        SseParser p = new SseParser(c, 1024);
        byte[] b = "data: a\n\ndata: unterminated".getBytes(StandardCharsets.UTF_8);
        p.feed(b, 0, b.length);
        assertThat(p.isDone()).isFalse();
        assertThat(c.events).containsExactly("a");
    }

    @Test
    void oversizedEventRaisesSpecificError() {
        SseParser p = new SseParser(new Collector(), 16);
        byte[] b = "data: 0123456789abcdefXYZ\n\n".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> p.feed(b, 0, b.length))
                .isInstanceOf(StreamLimitException.class)
                .hasMessageContaining("maxEventBytes")
                .hasMessageContaining("16");
    }

    @Test
    void oversizedMultiLineEventRaisesSpecificError() {
        SseParser p = new SseParser(new Collector(), 16);
        byte[] b = "data: 0123456789\ndata: 0123456789\n\n".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> p.feed(b, 0, b.length)).isInstanceOf(StreamLimitException.class);
    }

    @Test
    void oversizedLineSpanningSlicesRaisesSpecificError() {
        SseParser p = new SseParser(new Collector(), 16);
        byte[] b = "data: 0123456789abcdefXYZ".getBytes(StandardCharsets.UTF_8);
        p.feed(b, 0, 10);
        assertThatThrownBy(() -> p.feed(b, 10, b.length - 10)).isInstanceOf(StreamLimitException.class);
    }
}
