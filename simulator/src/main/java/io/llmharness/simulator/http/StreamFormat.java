package io.llmharness.simulator.http;

import io.llmharness.simulator.request.ApiError;
import io.vertx.core.buffer.Buffer;
import java.util.List;

/**
 * Renders the SSE events of one API; each event is a complete {@code data: …\n\n}. With {@code into == null} the
 * event comes back as a new buffer; otherwise it is appended to {@code into} (a batch of events written at once)
 * and the method returns null.
 */
interface StreamFormat {
    /** An event to send before the first content of a choice (chat role chunk); null (nothing) if the API has none. */
    Buffer start(Choice c, JsonBytes into);

    /** The content event for a choice's unsent output (and its finish, if finished). */
    Buffer delta(Choice c, String text, JsonBytes into);

    /** Whether {@link #start} writes anything for this API. */
    boolean hasStart();

    /** The usage event before {@code [DONE]}, or null when the API has none or it was not asked for. */
    Buffer usage(List<Choice> choices);

    /** A mid-stream error event. */
    Buffer error(ApiError e);
}
