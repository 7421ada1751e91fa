package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonToken;

/**
 * Decodes OpenAI-compatible responses (completions and chat, streamed chunks and whole bodies) as vLLM and SGLang
 * produce them: {@code choices[].text} / {@code delta} / {@code message}, {@code token_ids}, {@code finish_reason},
 * {@code usage}, and both error shapes (nested {@code error} object, flat {@code "object":"error"}).
 *
 * <p>Role chunks are reported as {@link ChoiceSink#role}, never as output. Reasoning deltas ({@code reasoning},
 * {@code reasoning_content}) count as output for timing but are not part of the text.
 */
final class OpenAiDecoder implements ResponseDecoder {

    private final ChoiceSink sink;
    private final boolean wantText;
    private final IntScratch ids = new IntScratch();
    private final JsonCursor cursor = new JsonCursor();
    private final ErrorFields error = new ErrorFields();

    // state of the choice being read
    private int index;
    private boolean role;
    private boolean hasText;
    private String text;
    private boolean hasReasoning;
    private boolean hasIds;
    private String finish;

    OpenAiDecoder(ChoiceSink sink, boolean wantText) {
        this.sink = sink;
        this.wantText = wantText;
    }

    @Override
    public void onEvent(byte[] buf, int off, int len, long nowNs) {
        parse(buf, off, len, nowNs);
    }

    @Override
    public void onBody(byte[] buf, int off, int len, long nowNs) {
        parse(buf, off, len, nowNs);
    }

    private void parse(byte[] buf, int off, int len, long nowNs) {
        JsonCursor p = cursor.reset(buf, off, len);
        p.nextToken();
        DecoderJson.expect(p, JsonToken.START_OBJECT, "response");
        readTop(p, nowNs);
    }

    private void readTop(JsonCursor p, long nowNs) {
        error.reset();
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "choices" -> readChoices(p, nowNs);
                case "usage" -> readUsage(p);
                default -> {
                    if (!error.offerTopLevel(f, p)) {
                        p.skipChildren();
                    }
                }
            }
        }
        if (error.present()) {
            sink.error(error.code, error.message(), error.type);
        }
    }

    private void readChoices(JsonCursor p, long nowNs) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        int position = 0;
        while (p.nextToken() == JsonToken.START_OBJECT) {
            readChoice(p, position++, nowNs);
        }
    }

    private void readChoice(JsonCursor p, int position, long nowNs) {
        index = position;
        role = false;
        hasText = false;
        text = null;
        hasReasoning = false;
        hasIds = false;
        finish = null;
        ids.clear();
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "index" -> index = (int) DecoderJson.readLong(p);
                case "text" -> readText(p);
                case "delta" -> readMessage(p, true);
                case "message" -> readMessage(p, false);
                case "token_ids" -> hasIds = DecoderJson.readInts(p, ids);
                case "finish_reason" -> finish = DecoderJson.readText(p);
                default -> p.skipChildren();
            }
        }
        if (index < 0) {
            throw new ResponseFormatException("choice with a negative index");
        }
        if (role) {
            sink.role(index, nowNs);
        }
        int idCount = hasIds ? ids.size : 0;
        if (hasText || hasReasoning || idCount > 0) {
            sink.output(index, hasIds ? ids.values : null, idCount, text, idCount, nowNs);
        }
        if (finish != null) {
            sink.finish(index, finish);
        }
    }

    private void readMessage(JsonCursor p, boolean delta) {
        if (!DecoderJson.enterObject(p)) {
            return;
        }
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "role" -> {
                    role |= delta && p.currentToken() == JsonToken.VALUE_STRING;
                    p.skipChildren();
                }
                case "content" -> readText(p);
                case "reasoning", "reasoning_content" -> hasReasoning |= DecoderJson.nonEmptyString(p);
                default -> p.skipChildren();
            }
        }
    }

    private void readText(JsonCursor p) {
        if (DecoderJson.nonEmptyString(p)) {
            hasText = true;
            if (wantText) {
                text = p.getText();
            }
        } else {
            p.skipChildren();
        }
    }

    private void readUsage(JsonCursor p) {
        if (!DecoderJson.enterObject(p)) {
            return;
        }
        long prompt = -1;
        long completion = -1;
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "prompt_tokens" -> prompt = DecoderJson.readLong(p);
                case "completion_tokens" -> completion = DecoderJson.readLong(p);
                default -> p.skipChildren();
            }
        }
        sink.usage(prompt, completion);
    }
}
