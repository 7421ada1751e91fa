package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.request.GenerationRequest;
import io.llmharness.simulator.tokens.SimTokenizer;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * SGLang's native {@code /generate} responses: one object (or a JSON array for batch input) with {@code text},
 * {@code output_ids} and {@code meta_info}; streamed events repeat that shape with cumulative {@code text} and
 * {@code output_ids} (deltas with {@code incrementalStreamingOutput}) and, for batches, a top-level {@code index}.
 * {@code finish_reason} is an object: {@code {"type":"length","length":N}}, {@code {"type":"stop","matched":…}} or
 * {@code {"type":"abort","message":…}}.
 */
final class SglangFormat implements StreamFormat, BodyFormat {
    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
    private final ResponseMeta meta;
    private final boolean incremental;

    SglangFormat(ResponseMeta meta) {
        this.meta = meta;
        this.incremental = meta.options().streaming().incrementalStreamingOutput();
    }

    @Override
    public Buffer start(Choice c, JsonBytes into) {
        return null;
    }

    @Override
    public boolean hasStart() {
        return false;
    }

    @Override
    public Buffer delta(Choice c, String text, JsonBytes into) {
        JsonBytes out = into != null
                ? into
                : new JsonBytes(128 + (incremental ? text.length() : c.text.length()) + 7 * c.ids.size());
        out.raw(DATA);
        object(out, c, incremental ? text : c.text.toString(), incremental ? c.pendingFrom : 0, System.nanoTime());
        out.ascii("\n\n");
        return into != null ? null : out.toBuffer();
    }

    @Override
    public Buffer usage(List<Choice> choices) {
        return null;
    }

    @Override
    public Buffer error(ApiError e) {
        JsonBytes out = new JsonBytes(128);
        out.raw(DATA);
        ErrorShape.MESSAGE_ONLY.renderInto(out, e);
        return out.ascii("\n\n").toBuffer();
    }

    @Override
    public Buffer body(List<Choice> choices, long nowNanos) {
        int size = 64;
        for (Choice c : choices) {
            size += 200 + c.text.length() + 7 * c.ids.size();
        }
        JsonBytes out = new JsonBytes(size);
        boolean array = meta.request().batch();
        if (array) {
            out.ch('[');
        }
        for (int i = 0; i < choices.size(); i++) {
            if (i > 0) {
                out.ch(',');
            }
            Choice c = choices.get(i);
            object(out, c, c.text.toString(), 0, nowNanos);
        }
        if (array) {
            out.ch(']');
        }
        return out.toBuffer();
    }

    private void object(JsonBytes out, Choice c, String text, int idsFrom, long nowNanos) {
        GenerationRequest req = meta.request();
        out.ascii("{\"text\":").str(text);
        out.ascii(",\"output_ids\":").ints(c.ids.backingArray(), idsFrom, c.ids.size());
        out.ascii(",\"meta_info\":{\"id\":").str(req.batch() ? meta.id() + "_" + c.index : meta.id());
        out.ascii(",\"finish_reason\":");
        finishReason(out, c);
        out.ascii(",\"prompt_tokens\":").num(c.promptIds.length);
        out.ascii(",\"weight_version\":\"default\",\"reasoning_tokens\":0");
        out.ascii(",\"completion_tokens\":").num(c.completionTokens());
        out.ascii(",\"cached_tokens\":").num(c.cachedTokens);
        if (req.wantsLogprobs()) {
            c.logprobs(req).sglang(out, c, idsFrom, c.ids.size(), req.logprobText());
        }
        if (c.finish != null) {
            out.ascii(",\"e2e_latency\":").num((nowNanos - meta.arrivalNanos()) / 1e9);
        }
        out.ch('}');
        if (req.batch() && req.stream()) {
            out.ascii(",\"index\":").num(c.index);
        }
        out.ch('}');
    }

    private static void finishReason(JsonBytes out, Choice c) {
        if (c.finish == null) {
            out.ascii("null");
        } else if (c.finish == FinishReason.LENGTH) {
            out.ascii("{\"type\":\"length\",\"length\":")
                    .num(c.completionTokens())
                    .ch('}');
        } else if (c.finish == FinishReason.STOP) {
            out.ascii("{\"type\":\"stop\",\"matched\":");
            if (c.stopReason instanceof String s) {
                out.str(s);
            } else {
                out.num(c.stopReason instanceof Integer i ? i : SimTokenizer.EOS);
            }
            out.ch('}');
        } else {
            out.ascii(
                    "{\"type\":\"abort\",\"message\":\"Request aborted.\",\"status_code\":503," + "\"err_type\":null}");
        }
    }
}
