package io.llmharness.simulator.http;

import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Ground truth for client timing tests. {@code GET /sim/timings/{id}} (response id or {@code X-Request-Id}) returns
 * the server-side times of one recorded request in {@link System#nanoTime()} units; {@code GET /sim/timings}
 * lists the recorded ids; {@code DELETE /sim/timings} forgets them.
 */
final class DebugEndpoints {
    static final String PREFIX = "/sim/timings/";
    private final ServerCore core;

    DebugEndpoints(ServerCore core) {
        this.core = core;
    }

    void timing(HttpServerRequest req) {
        String key = URLDecoder.decode(req.path().substring(PREFIX.length()), StandardCharsets.UTF_8);
        Timeline t = core.timings.get(key);
        if (t == null) {
            Responses.json(
                    core,
                    req.response(),
                    404,
                    Buffer.buffer("{\"detail\":\"No timings recorded for this id "
                            + "(enable --record-timings or send X-Sim-Record-Timings: 1)\"}"));
            return;
        }
        Timeline.Events ev = t.events();
        JsonBytes out = new JsonBytes(256 + ev.times().length * 32);
        out.ascii("{\"id\":").str(t.id()).ascii(",\"request_id\":").str(t.requestId());
        out.ascii(",\"stream\":").bool(t.stream()).ascii(",\"clock\":\"System.nanoTime\"");
        out.ascii(",\"prompt_tokens\":").num(t.promptTokens());
        out.ascii(",\"arrival_ns\":").num(t.arrivalNanos());
        out.ascii(",\"headers_ns\":").num(t.headersNanos());
        out.ascii(",\"first_token_ns\":").num(firstTokenTime(ev));
        out.ascii(",\"done_ns\":").num(t.doneNanos());
        out.ascii(",\"complete\":").bool(t.complete());
        out.ascii(",\"aborted_by\":")
                .str(t.abortedBy() == null ? null : t.abortedBy().wire());
        out.ascii(",\"status\":").num(t.status());
        out.ascii(",\"event_ns\":[");
        for (int i = 0; i < ev.times().length; i++) {
            if (i > 0) {
                out.ch(',');
            }
            out.num(ev.times()[i]);
        }
        out.ascii("],\"event_tokens\":").ints(ev.tokens(), 0, ev.tokens().length);
        out.ascii(",\"event_choice\":").ints(ev.choices(), 0, ev.choices().length);
        int total = 0;
        for (int n : ev.tokens()) {
            total += n;
        }
        out.ascii(",\"tokens\":").num(total).ch('}');
        Responses.json(core, req.response(), 200, out.toBuffer());
    }

    private static long firstTokenTime(Timeline.Events ev) {
        for (int i = 0; i < ev.times().length; i++) {
            if (ev.tokens()[i] > 0) {
                return ev.times()[i];
            }
        }
        return -1;
    }

    void list(HttpServerRequest req) {
        if (req.method().name().equals("DELETE")) {
            core.timings.clear();
            Responses.empty(core, req.response(), 200);
            return;
        }
        List<String> ids = core.timings.ids();
        JsonBytes out = new JsonBytes(32 + ids.size() * 48);
        out.ascii("{\"ids\":[");
        for (int i = 0; i < ids.size(); i++) {
            if (i > 0) {
                out.ch(',');
            }
            out.str(ids.get(i));
        }
        Responses.json(core, req.response(), 200, out.ascii("]}").toBuffer());
    }
}
