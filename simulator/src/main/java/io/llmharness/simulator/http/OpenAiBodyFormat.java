package io.llmharness.simulator.http;

import io.llmharness.simulator.request.GenerationRequest;
import io.vertx.core.buffer.Buffer;
import java.util.List;

/**
 * Non-streaming bodies of {@code /v1/completions} and {@code /v1/chat/completions}: vLLM serialises every model
 * field (so many keys are {@code null}); SGLang's are shorter and carry {@code matched_stop}.
 */
final class OpenAiBodyFormat implements BodyFormat {
    private final ResponseMeta meta;

    OpenAiBodyFormat(ResponseMeta meta) {
        this.meta = meta;
    }

    @Override
    public Buffer body(List<Choice> choices, long nowNanos) {
        GenerationRequest req = meta.request();
        boolean chat = req.api() == GenerationRequest.Api.CHAT;
        boolean sglang = meta.sglang();
        int size = 256;
        for (Choice c : choices) {
            size += 160 + c.text.length() + (req.returnTokenIds() ? 7 * (c.ids.size() + c.promptIds.length) : 0);
            if (req.wantsLogprobs()) {
                size += c.ids.size() * (80 + 60 * req.logprobs());
            }
        }
        JsonBytes out = new JsonBytes(size);
        out.ascii("{\"id\":").str(meta.id());
        out.ascii(chat ? ",\"object\":\"chat.completion\"" : ",\"object\":\"text_completion\"");
        out.ascii(",\"created\":")
                .num(meta.created())
                .ascii(",\"model\":")
                .str(meta.model())
                .ascii(",\"choices\":[");
        for (int i = 0; i < choices.size(); i++) {
            Choice c = choices.get(i);
            if (i > 0) {
                out.ch(',');
            }
            out.ascii("{\"index\":").num(c.index);
            String text = c.text.toString();
            if (chat) {
                out.ascii(",\"message\":{\"role\":\"assistant\",\"content\":").str(text);
                out.ascii(
                        sglang
                                ? ",\"reasoning_content\":null,\"tool_calls\":null}"
                                : ",\"refusal\":null,\"annotations\":null,\"audio\":null,\"function_call\":null,"
                                        + "\"reasoning\":null}");
            } else {
                out.ascii(",\"text\":").str(req.echo() ? OpenAiStreamFormat.promptText(c) + text : text);
            }
            out.ascii(",\"logprobs\":");
            if (req.wantsLogprobs()) {
                if (chat) {
                    c.logprobs(req).chat(out, c, 0, c.ids.size());
                } else {
                    c.logprobs(req).completions(out, c, 0, c.ids.size());
                }
            } else {
                out.ascii("null");
            }
            out.ascii(",\"finish_reason\":").str(c.finish.wire());
            out.ascii(sglang ? ",\"matched_stop\":" : ",\"stop_reason\":");
            OpenAiStreamFormat.stopValue(out, c, sglang);
            if (!sglang) {
                out.ascii(",\"token_ids\":");
                if (req.returnTokenIds()) {
                    out.ints(c.ids.backingArray(), 0, c.ids.size());
                } else {
                    out.ascii("null");
                }
                if (!chat) {
                    out.ascii(",\"prompt_logprobs\":null,\"prompt_token_ids\":");
                    promptIds(out, c, req);
                }
            }
            out.ch('}');
        }
        out.ch(']');
        if (!sglang) {
            out.ascii(",\"service_tier\":null,\"system_fingerprint\":null");
        }
        out.ascii(",\"usage\":");
        Usage.write(out, choices, meta, true);
        if (!sglang) {
            if (chat) {
                out.ascii(",\"prompt_logprobs\":null,\"prompt_token_ids\":");
                promptIds(out, choices.get(0), req);
            }
            out.ascii(",\"kv_transfer_params\":null");
        }
        return out.ch('}').toBuffer();
    }

    private static void promptIds(JsonBytes out, Choice c, GenerationRequest req) {
        if (req.returnTokenIds()) {
            out.ints(c.promptIds, 0, c.promptIds.length);
        } else {
            out.ascii("null");
        }
    }
}
