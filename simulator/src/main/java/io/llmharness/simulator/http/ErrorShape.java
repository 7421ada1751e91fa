package io.llmharness.simulator.http;

import io.llmharness.simulator.request.ApiError;
import io.vertx.core.buffer.Buffer;

/** The JSON shapes backends use for error bodies. */
enum ErrorShape {
    /** vLLM ≥ 0.10.1: {@code {"error":{"message":…,"type":…,"param":…,"code":400}}}. */
    NESTED,
    /** vLLM ≤ 0.10.0 and SGLang's OpenAI endpoints: {@code {"object":"error","message":…,"type":…,"param":…,"code":400}}. */
    FLAT,
    /** SGLang's native endpoints: {@code {"error":{"message":…}}}. */
    MESSAGE_ONLY;

    Buffer render(ApiError e) {
        JsonBytes out = new JsonBytes(128 + e.getMessage().length());
        renderInto(out, e);
        return out.toBuffer();
    }

    void renderInto(JsonBytes out, ApiError e) {
        switch (this) {
            case NESTED -> {
                out.ascii("{\"error\":{\"message\":").str(e.getMessage());
                out.ascii(",\"type\":").str(e.type()).ascii(",\"param\":").str(e.param());
                out.ascii(",\"code\":").num(e.status()).ascii("}}");
            }
            case FLAT -> {
                out.ascii("{\"object\":\"error\",\"message\":").str(e.getMessage());
                out.ascii(",\"type\":").str(e.type()).ascii(",\"param\":").str(e.param());
                out.ascii(",\"code\":").num(e.status()).ch('}');
            }
            case MESSAGE_ONLY ->
                out.ascii("{\"error\":{\"message\":").str(e.getMessage()).ascii("}}");
        }
    }
}
