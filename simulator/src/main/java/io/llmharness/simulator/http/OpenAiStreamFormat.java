package io.llmharness.simulator.http;

import io.llmharness.simulator.request.ApiError;
import io.llmharness.simulator.request.GenerationRequest;
import io.llmharness.simulator.tokens.SimTokenizer;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * SSE chunks of {@code /v1/completions} and {@code /v1/chat/completions}, byte for byte in vLLM's layout (or
 * SGLang's where it differs: {@code matched_stop} instead of {@code stop_reason}, {@code reasoning_content: null} in
 * chat deltas). The constant head of every chunk is encoded once per response.
 */
final class OpenAiStreamFormat implements StreamFormat {
    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "}\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INDEX = ascii("{\"index\":");
    private static final byte[] TEXT = ascii(",\"text\":");
    private static final byte[] LOGPROBS = ascii(",\"logprobs\":");
    private static final byte[] FINISH = ascii(",\"finish_reason\":");
    private static final byte[] NO_LOGPROBS_FINISH = ascii(",\"logprobs\":null,\"finish_reason\":");
    private static final byte[] STOP_REASON = ascii(",\"stop_reason\":");
    /** The rest of a completions chunk when no ids and no running usage were asked for (the benchmark case). */
    private static final byte[] COMPLETION_TAIL =
            ascii(",\"token_ids\":null,\"prompt_token_ids\":null}],\"usage\":null}\n\n");

    private final ResponseMeta meta;
    private final boolean chat;
    private final boolean sglang;
    private final byte[] head;
    private final ErrorShape errorShape;

    OpenAiStreamFormat(ResponseMeta meta, ErrorShape errorShape) {
        this.meta = meta;
        this.chat = meta.request().api() == GenerationRequest.Api.CHAT;
        this.sglang = meta.sglang();
        this.errorShape = errorShape;
        JsonBytes h = new JsonBytes(160);
        h.raw(DATA).ascii("{\"id\":").str(meta.id());
        h.ascii(chat ? ",\"object\":\"chat.completion.chunk\"" : ",\"object\":\"text_completion\"");
        h.ascii(",\"created\":")
                .num(meta.created())
                .ascii(",\"model\":")
                .str(meta.model())
                .ascii(",\"choices\":[");
        this.head = h.toBytes();
    }

    @Override
    public boolean hasStart() {
        return chat;
    }

    @Override
    public Buffer start(Choice c, JsonBytes into) {
        if (!chat) {
            return null;
        }
        JsonBytes out = into != null ? into : new JsonBytes(head.length + 160);
        out.raw(head).ascii("{\"index\":").num(c.index).ascii(",\"delta\":{\"role\":\"assistant\",\"content\":\"\"");
        if (sglang) {
            out.ascii(",\"reasoning_content\":null,\"tool_calls\":null},\"logprobs\":null,\"finish_reason\":null,"
                    + "\"matched_stop\":null}]");
        } else {
            out.ascii("},\"logprobs\":null,\"finish_reason\":null}]");
            if (meta.request().returnTokenIds()) {
                out.ascii(",\"prompt_token_ids\":").ints(c.promptIds, 0, c.promptIds.length);
            }
        }
        out.raw(END);
        return into != null ? null : out.toBuffer();
    }

    @Override
    public Buffer delta(Choice c, String text, JsonBytes into) {
        GenerationRequest req = meta.request();
        boolean first = !c.started;
        if (!chat && first && req.echo()) {
            text = promptText(c) + text;
        }
        JsonBytes out = into != null
                ? into
                : new JsonBytes(head.length + 96 + text.length() + (c.ids.size() - c.pendingFrom) * 7);
        out.raw(head).raw(INDEX).num(c.index);
        if (chat) {
            out.ascii(",\"delta\":{\"content\":").str(text);
            out.ascii(sglang ? ",\"reasoning_content\":null}" : "}");
        } else {
            out.raw(TEXT).str(text);
        }
        if (req.wantsLogprobs() && c.pendingFrom < c.ids.size()) {
            out.raw(LOGPROBS);
            if (chat) {
                c.logprobs(req).chat(out, c, c.pendingFrom, c.ids.size());
            } else {
                c.logprobs(req).completions(out, c, c.pendingFrom, c.ids.size());
            }
            out.raw(FINISH);
        } else {
            out.raw(NO_LOGPROBS_FINISH);
        }
        out.str(c.finish == null ? null : c.finish.wire());
        if (sglang) {
            out.ascii(",\"matched_stop\":");
            stopValue(out, c, sglang);
        } else {
            if (!chat || c.finish != null) {
                out.raw(STOP_REASON);
                stopValue(out, c, sglang);
            }
            if (!chat && !req.returnTokenIds() && !req.continuousUsage()) {
                out.raw(COMPLETION_TAIL);
                return into != null ? null : out.toBuffer();
            }
            out.ascii(",\"token_ids\":");
            if (req.returnTokenIds()) {
                out.ints(idArray(c), c.pendingFrom, c.ids.size());
            } else {
                out.ascii("null");
            }
            if (!chat) {
                // vLLM serialises every field of a completions chunk: the prompt ids on each index's first
                if (first && req.returnTokenIds()) {
                    out.ascii(",\"prompt_token_ids\":").ints(c.promptIds, 0, c.promptIds.length);
                } else {
                    out.ascii(",\"prompt_token_ids\":null");
                }
            }
        }
        out.ascii("}]");
        if (!chat && !sglang && !req.continuousUsage()) {
            out.ascii(",\"usage\":null");
        }
        if (req.continuousUsage()) {
            int completion = c.completionTokens();
            out.ascii(",\"usage\":{\"prompt_tokens\":").num(c.promptIds.length);
            out.ascii(",\"total_tokens\":").num(c.promptIds.length + completion);
            out.ascii(",\"completion_tokens\":").num(completion).ch('}');
        }
        out.raw(END);
        return into != null ? null : out.toBuffer();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** vLLM's {@code stop_reason} / SGLang's {@code matched_stop} (SGLang reports the EOS id, vLLM null). */
    static void stopValue(JsonBytes out, Choice c, boolean sglang) {
        Object s = c.stopReason;
        if (s == null && sglang && c.finish == io.llmharness.simulator.engine.FinishReason.STOP) {
            out.num(SimTokenizer.EOS);
        } else if (s instanceof Integer i) {
            out.num(i);
        } else {
            out.str((String) s);
        }
    }

    private static int[] idArray(Choice c) {
        return c.ids.backingArray();
    }

    static String promptText(Choice c) {
        return c.promptText != null ? c.promptText : SimTokenizer.INSTANCE.decode(c.promptIds);
    }

    @Override
    public Buffer usage(List<Choice> choices) {
        if (!meta.request().includeUsage()) {
            return null;
        }
        JsonBytes out = new JsonBytes(head.length + 128);
        out.raw(head).ascii("],\"usage\":");
        Usage.write(out, choices, meta, false);
        return out.raw(END).toBuffer();
    }

    @Override
    public Buffer error(ApiError e) {
        JsonBytes out = new JsonBytes(160);
        out.raw(DATA);
        errorShape.renderInto(out, e);
        return out.ascii("\n\n").toBuffer();
    }
}
