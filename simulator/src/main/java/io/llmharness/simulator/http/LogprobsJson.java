package io.llmharness.simulator.http;

import io.llmharness.simulator.output.Logprobs;
import io.llmharness.simulator.request.GenerationRequest;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.nio.charset.StandardCharsets;

/**
 * Writes the logprobs of output tokens {@code [from, to)} of a choice in the three shapes clients read: OpenAI
 * completions ({@code {"text_offset","token_logprobs","tokens","top_logprobs"}}, top entries as a token→logprob
 * object), OpenAI chat ({@code {"content":[{"token","logprob","bytes","top_logprobs"}]}}) and SGLang's
 * {@code meta_info} tuples ({@code [logprob, token_id, text or null]}). Only used when the request asked for
 * logprobs; the values come from {@link Logprobs}.
 */
final class LogprobsJson {
    private final long seed;
    private final int top;
    private final int[] ids;
    private final double[] values;

    LogprobsJson(GenerationRequest req, Choice c) {
        Long s = req.prompts().get(c.promptIndex).sampling().seed();
        this.seed = s == null ? 0 : s;
        this.top = req.logprobs();
        int n = Math.max(1, top);
        this.ids = new int[n];
        this.values = new double[n];
    }

    /** The string a client sees for one token: its text, or its piece name for special tokens. */
    static String token(int id) {
        String text = SimTokenizer.INSTANCE.textOf(id);
        return text.isEmpty() ? SimTokenizer.INSTANCE.pieceOf(id) : text;
    }

    private void fill(Choice c, int i) {
        int[] out = c.ids.backingArray();
        Logprobs.top(seed, i, i > 0 ? out[i - 1] : -1, out[i], Math.max(1, top), ids, values);
    }

    /** Completions; advances the choice's text offset so streamed chunks continue where the last one ended. */
    void completions(JsonBytes out, Choice c, int from, int to) {
        out.ascii("{\"text_offset\":[");
        int offset = c.logprobOffset;
        for (int i = from; i < to; i++) {
            if (i > from) {
                out.ch(',');
            }
            out.num(offset);
            offset += token(c.ids.backingArray()[i]).length();
        }
        c.logprobOffset = offset;
        out.ascii("],\"token_logprobs\":[");
        for (int i = from; i < to; i++) {
            fill(c, i);
            out.ascii(i > from ? "," : "").num(values[0]);
        }
        out.ascii("],\"tokens\":[");
        for (int i = from; i < to; i++) {
            out.ascii(i > from ? "," : "").str(token(c.ids.backingArray()[i]));
        }
        out.ascii("],\"top_logprobs\":[");
        int entries = Math.max(1, top);
        for (int i = from; i < to; i++) {
            fill(c, i);
            out.ascii(i > from ? ",{" : "{");
            for (int k = 0; k < entries; k++) {
                out.ascii(k > 0 ? "," : "").str(token(ids[k])).ch(':').num(values[k]);
            }
            out.ch('}');
        }
        out.ascii("]}");
    }

    /** Chat: {@code top_logprobs} holds exactly the requested number of entries, the chosen token first. */
    void chat(JsonBytes out, Choice c, int from, int to) {
        out.ascii("{\"content\":[");
        for (int i = from; i < to; i++) {
            fill(c, i);
            out.ascii(i > from ? "," : "");
            entry(out, ids[0], values[0]);
            out.ascii(",\"top_logprobs\":[");
            for (int k = 0; k < top; k++) {
                out.ascii(k > 0 ? "," : "");
                entry(out, ids[k], values[k]);
                out.ch('}');
            }
            out.ascii("]}");
        }
        out.ascii("]}");
    }

    private static void entry(JsonBytes out, int id, double logprob) {
        String token = token(id);
        out.ascii("{\"token\":").str(token).ascii(",\"logprob\":").num(logprob).ascii(",\"bytes\":[");
        byte[] bytes =
                SimTokenizer.isSpecial(id) ? token.getBytes(StandardCharsets.UTF_8) : SimTokenizer.INSTANCE.bytesOf(id);
        for (int b = 0; b < bytes.length; b++) {
            out.ascii(b > 0 ? "," : "").num(bytes[b] & 0xff);
        }
        out.ch(']');
    }

    /**
     * SGLang's {@code meta_info} fields after a comma: {@code input_token_logprobs} (the last prompt token, whose
     * logprob is null: {@code logprob_start_len} -1), {@code output_token_logprobs} and, with
     * {@code top_logprobs_num} &gt; 0, {@code input_top_logprobs} / {@code output_top_logprobs}.
     */
    void sglang(JsonBytes out, Choice c, int from, int to, boolean withText) {
        int last = c.promptIds.length == 0 ? SimTokenizer.BOS : c.promptIds[c.promptIds.length - 1];
        out.ascii(",\"input_token_logprobs\":[[null,").num(last).ch(',');
        tupleText(out, last, withText);
        out.ascii("]],\"output_token_logprobs\":[");
        for (int i = from; i < to; i++) {
            fill(c, i);
            out.ascii(i > from ? "," : "");
            tuple(out, ids[0], values[0], withText);
        }
        out.ch(']');
        if (top > 0) {
            out.ascii(",\"input_top_logprobs\":[null],\"output_top_logprobs\":[");
            for (int i = from; i < to; i++) {
                fill(c, i);
                out.ascii(i > from ? ",[" : "[");
                for (int k = 0; k < top; k++) {
                    out.ascii(k > 0 ? "," : "");
                    tuple(out, ids[k], values[k], withText);
                }
                out.ch(']');
            }
            out.ch(']');
        }
    }

    private static void tuple(JsonBytes out, int id, double logprob, boolean withText) {
        out.ch('[').num(logprob).ch(',').num(id).ch(',');
        tupleText(out, id, withText);
        out.ch(']');
    }

    private static void tupleText(JsonBytes out, int id, boolean withText) {
        if (withText) {
            out.str(SimTokenizer.INSTANCE.textOf(id));
        } else {
            out.ascii("null");
        }
    }
}
