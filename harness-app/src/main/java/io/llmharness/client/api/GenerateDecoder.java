package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonToken;
import java.util.Arrays;

/**
 * Decodes SGLang {@code /generate} responses: one object per prompt ({@code text}, {@code output_ids},
 * {@code meta_info} with {@code completion_tokens} and an object {@code finish_reason}), a JSON array of them for
 * batches, and the same objects as SSE events when streaming (with {@code index} for batches).
 *
 * <p>Streamed {@code text}/{@code output_ids} are cumulative by default and deltas with
 * {@code --incremental-streaming-output}. The mode is told apart per event: cumulative ids always number exactly
 * {@code meta_info.completion_tokens}. Deltas are reported to the sink either way.
 */
final class GenerateDecoder implements ResponseDecoder {

    private final ChoiceSink sink;
    private final boolean wantText;
    private final IntScratch ids = new IntScratch();
    private final JsonCursor cursor = new JsonCursor();
    private final ErrorFields error = new ErrorFields();

    // per choice index: what earlier events already reported
    private int[] prevIds = new int[1];
    private int[] prevTextLen = new int[1];
    private long[] prevTokens = new long[1];
    private String[] prevText = new String[1];

    // state of the object being read
    private int indexField;
    private boolean hasIds;
    private String text;
    private int textLen;
    private long promptTokens;
    private long completionTokens;
    private String finish;
    private String abortMessage;
    private int abortStatus;
    private String abortType;

    GenerateDecoder(ChoiceSink sink, boolean wantText) {
        this.sink = sink;
        this.wantText = wantText;
    }

    @Override
    public void onEvent(byte[] buf, int off, int len, long nowNs) {
        JsonCursor p = cursor.reset(buf, off, len);
        p.nextToken();
        DecoderJson.expect(p, JsonToken.START_OBJECT, "stream event");
        readObject(p, 0, true, nowNs);
    }

    @Override
    public void onBody(byte[] buf, int off, int len, long nowNs) {
        JsonCursor p = cursor.reset(buf, off, len);
        JsonToken t = p.nextToken();
        if (t == JsonToken.START_ARRAY) {
            int position = 0;
            while (p.nextToken() == JsonToken.START_OBJECT) {
                readObject(p, position++, false, nowNs);
            }
        } else {
            DecoderJson.expect(p, JsonToken.START_OBJECT, "response");
            readObject(p, 0, false, nowNs);
        }
    }

    private void readObject(JsonCursor p, int position, boolean streamed, long nowNs) {
        indexField = -1;
        hasIds = false;
        text = null;
        textLen = -1;
        promptTokens = -1;
        completionTokens = -1;
        finish = null;
        abortMessage = null;
        abortStatus = 0;
        abortType = null;
        ids.clear();
        error.reset();
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "text" -> readText(p);
                case "output_ids" -> hasIds = DecoderJson.readInts(p, ids);
                case "meta_info" -> readMeta(p);
                case "index" -> indexField = (int) DecoderJson.readLong(p);
                default -> {
                    if (!error.offerTopLevel(f, p)) {
                        p.skipChildren();
                    }
                }
            }
        }
        if (error.present()) {
            sink.error(error.code, error.message(), error.type);
            return;
        }
        int index = indexField >= 0 ? indexField : position;
        ensure(index);
        report(index, streamed, nowNs);
    }

    private void report(int index, boolean streamed, long nowNs) {
        // cumulative unless the ids prove otherwise (fewer ids than the server's running count)
        boolean cumulative = streamed
                && !(hasIds && completionTokens >= 0 && ids.size != completionTokens)
                && !(hasIds && ids.size < prevIds[index]);
        int idFrom = cumulative && hasIds ? Math.min(prevIds[index], ids.size) : 0;
        int newIds = hasIds ? ids.size - idFrom : 0;
        String newText = null;
        boolean textGrew;
        if (wantText && text != null) {
            String prev = prevText[index];
            if (cumulative && prev != null && text.startsWith(prev)) {
                newText = text.substring(prev.length());
            } else {
                newText = text;
            }
            textGrew = !newText.isEmpty();
            prevText[index] = cumulative ? text : (prev == null ? "" : prev) + text;
        } else {
            textGrew = textLen > (cumulative ? prevTextLen[index] : 0);
        }
        if (textLen >= 0) {
            prevTextLen[index] = cumulative ? textLen : prevTextLen[index] + textLen;
        }
        long tokens = hasIds ? newIds : (completionTokens >= 0 ? completionTokens - prevTokens[index] : 0);
        if (newIds > 0 || textGrew || tokens > 0) {
            int[] values = hasIds ? ids.values : null;
            if (idFrom > 0) {
                System.arraycopy(ids.values, idFrom, ids.values, 0, newIds);
            }
            sink.output(index, values, newIds, textGrew ? newText : null, (int) Math.max(0, tokens), nowNs);
        }
        if (hasIds) {
            prevIds[index] = cumulative ? ids.size : prevIds[index] + ids.size;
        }
        if (completionTokens >= 0) {
            prevTokens[index] = completionTokens;
        }
        if (promptTokens >= 0 || completionTokens >= 0) {
            sink.choiceUsage(index, promptTokens, completionTokens);
        }
        if (abortMessage != null || "abort".equals(finish)) {
            sink.error(
                    abortStatus > 0 ? abortStatus : 500,
                    abortMessage == null ? "request aborted by the server" : abortMessage,
                    abortType);
        }
        if (finish != null) {
            sink.finish(index, finish);
        }
    }

    private void readText(JsonCursor p) {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            textLen = p.getTextLength();
            if (wantText) {
                text = p.getText();
            }
        } else {
            p.skipChildren();
        }
    }

    private void readMeta(JsonCursor p) {
        if (!DecoderJson.enterObject(p)) {
            return;
        }
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "prompt_tokens" -> promptTokens = DecoderJson.readLong(p);
                case "completion_tokens" -> completionTokens = DecoderJson.readLong(p);
                case "finish_reason" -> readFinish(p);
                default -> p.skipChildren();
            }
        }
    }

    private void readFinish(JsonCursor p) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_STRING) {
            finish = p.getText();
            return;
        }
        if (!DecoderJson.enterObject(p)) {
            return;
        }
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "type" -> finish = DecoderJson.readText(p);
                case "message" -> abortMessage = DecoderJson.readText(p);
                case "status_code" -> abortStatus = (int) DecoderJson.readLong(p);
                case "err_type" -> abortType = DecoderJson.readText(p);
                default -> p.skipChildren();
            }
        }
        if (!"abort".equals(finish)) {
            abortMessage = null;
        }
    }

    private void ensure(int index) {
        if (index >= prevIds.length) {
            int n = Math.max(index + 1, prevIds.length * 2);
            prevIds = Arrays.copyOf(prevIds, n);
            prevTextLen = Arrays.copyOf(prevTextLen, n);
            prevTokens = Arrays.copyOf(prevTokens, n);
            prevText = Arrays.copyOf(prevText, n);
        }
    }
}
