package io.llmharness.simulator.http;

import io.llmharness.simulator.request.ApiError;
import io.vertx.core.buffer.Buffer;
import java.util.List;

/** Renders the SSE events of one API (each returned buffer is a complete {@code data: …\n\n} event). */
interface StreamFormat {
    /** An event to send before the first content of a choice (chat role chunk), or null. */
    Buffer start(Choice c);

    /** The content event for a choice's unsent output (and its finish, if finished). */
    Buffer delta(Choice c, String text);

    /** The usage event before {@code [DONE]}, or null when the API has none or it was not asked for. */
    Buffer usage(List<Choice> choices);

    /** A mid-stream error event. */
    Buffer error(ApiError e);
}
