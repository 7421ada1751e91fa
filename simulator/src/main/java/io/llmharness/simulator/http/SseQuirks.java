package io.llmharness.simulator.http;

import io.llmharness.simulator.fault.FaultSpec;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;

/**
 * Legal-but-unusual SSE framing for client parser tests: CRLF line endings, {@code data:} without the space,
 * comment lines, {@code event:}/{@code id:}/{@code retry:} fields, an event after {@code [DONE]}. Rewrites the
 * simulator's own {@code data: <json>\n\n} events; only used when a request asks for it.
 */
final class SseQuirks {
    static final String AFTER_DONE_EVENT = "data: {\"after\":\"done\",\"must\":\"be ignored\"}\n\n";

    private SseQuirks() {}

    static Buffer apply(Buffer event, int quirks, int eventId) {
        String e = event.toString(StandardCharsets.UTF_8);
        if ((quirks & FaultSpec.SSE_NO_SPACE) != 0 && e.startsWith("data: ")) {
            e = "data:" + e.substring(6);
        }
        if ((quirks & FaultSpec.SSE_FIELDS) != 0) {
            e = "event: message\nid: " + eventId + "\nretry: 3000\n" + e;
        }
        if ((quirks & FaultSpec.SSE_COMMENTS) != 0) {
            e = ": keep-alive\n\n" + e;
        }
        if ((quirks & FaultSpec.SSE_CRLF) != 0) {
            e = e.replace("\n", "\r\n");
        }
        return Buffer.buffer(e);
    }
}
