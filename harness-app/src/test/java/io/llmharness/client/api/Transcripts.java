package io.llmharness.client.api;

import io.llmharness.client.EndpointType;
import io.llmharness.client.sse.SseHandler;
import io.llmharness.client.sse.SseParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Loads recorded transcripts from test resources and replays them through the parser and a decoder. */
public final class Transcripts {

    private Transcripts() {}

    /** Bytes of {@code transcripts/<name>} on the test class path. */
    public static byte[] load(String name) {
        try (InputStream in = Transcripts.class.getResourceAsStream("/transcripts/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no transcript " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Text of {@code transcripts/<name>}. */
    public static String asString(String name) {
        return new String(load(name), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Replays an SSE transcript cut at the given offsets; returns whether [DONE] was seen. */
    static boolean replay(EndpointType type, byte[] body, int[] cuts, ChoiceSink sink, boolean wantText) {
        ResponseDecoder d = EndpointAdapter.of(type).decoder(sink, wantText);
        SseParser parser = new SseParser(
                new SseHandler() {
                    @Override
                    public void onData(byte[] buf, int off, int len) {
                        d.onEvent(buf, off, len, System.nanoTime());
                    }
                },
                1 << 20);
        int prev = 0;
        for (int cut : cuts) {
            parser.feed(body, prev, cut - prev);
            prev = cut;
        }
        parser.feed(body, prev, body.length - prev);
        return parser.isDone();
    }
}
