package io.llmharness.simulator.fault;

import java.util.Locale;

/**
 * A fault to inject into one request, parsed from the {@code X-Sim-Fault} header (or the {@code --fault} flag).
 * Syntax: directives separated by {@code ;} or {@code ,}, each {@code name=value} or a bare name:
 *
 * <ul>
 *   <li>{@code status=503} – answer with this error status instead of generating (like {@code X-Return-Error});
 *   <li>{@code slow-headers-ms=2000} – hold the response headers back this long;
 *   <li>{@code reset-after=N} – reset the TCP connection (RST) after N output tokens were sent;
 *   <li>{@code close-after=N} – close the connection (FIN) after N tokens, no {@code [DONE]};
 *   <li>{@code stall-after=N} and {@code stall-ms=M} – stop sending after N tokens for M ms (0 or absent: until the
 *       client gives up);
 *   <li>{@code malformed-after=N} – send one malformed event (truncated JSON) after N tokens, then continue;
 *   <li>{@code error-after=N} – after N tokens send an error event and {@code [DONE]} (status already 200);
 *       a non-streaming request gets a 500 error instead;
 *   <li>{@code no-done} – end the stream without {@code data: [DONE]};
 *   <li>{@code text-error} – with {@code status}: the error body is plain text, not JSON;
 *   <li>SSE framing variants every client parser must accept: {@code sse-crlf} (CRLF line endings),
 *       {@code sse-no-space} ({@code data:} without the space), {@code sse-comments} (a {@code : keep-alive} comment
 *       before every event), {@code sse-fields} ({@code event:}, {@code id:} and {@code retry:} lines),
 *       {@code after-done} (an extra event after {@code [DONE]}, which must be ignored).
 * </ul>
 *
 * Token counts are over all choices of the request. -1 means "not set".
 */
public record FaultSpec(
        int status,
        long slowHeadersMs,
        int resetAfter,
        int closeAfter,
        int stallAfter,
        long stallMs,
        int malformedAfter,
        int errorAfter,
        boolean noDone,
        int quirks) {

    /** Quirk bits (see {@link #quirks}). */
    public static final int TEXT_ERROR = 1;

    public static final int SSE_CRLF = 2;
    public static final int SSE_NO_SPACE = 4;
    public static final int SSE_COMMENTS = 8;
    public static final int SSE_FIELDS = 16;
    public static final int AFTER_DONE = 32;

    public static final FaultSpec NONE = new FaultSpec(0, 0, -1, -1, -1, 0, -1, -1, false, 0);

    public boolean has(int quirk) {
        return (quirks & quirk) != 0;
    }

    public boolean isNone() {
        return equals(NONE);
    }

    /** Parses the header syntax; throws {@link IllegalArgumentException} naming the bad directive. */
    public static FaultSpec parse(String text) {
        FaultSpec f = NONE;
        if (text == null || text.isBlank()) {
            return f;
        }
        for (String part : text.split("[;,]")) {
            String d = part.trim().toLowerCase(Locale.ROOT);
            if (d.isEmpty()) {
                continue;
            }
            int eq = d.indexOf('=');
            String name = eq < 0 ? d : d.substring(0, eq).trim();
            String value = eq < 0 ? null : d.substring(eq + 1).trim();
            f = switch (name) {
                case "status" -> f.with(number(name, value, 100, 599), -2, -2, -2, -2, -2, -2, -2);
                case "slow-headers-ms" -> f.with(-2, number(name, value, 0, Long.MAX_VALUE), -2, -2, -2, -2, -2, -2);
                case "reset-after" -> f.with(-2, -2, number(name, value, 0, Integer.MAX_VALUE), -2, -2, -2, -2, -2);
                case "close-after" -> f.with(-2, -2, -2, number(name, value, 0, Integer.MAX_VALUE), -2, -2, -2, -2);
                case "stall-after" -> f.with(-2, -2, -2, -2, number(name, value, 0, Integer.MAX_VALUE), -2, -2, -2);
                case "stall-ms" -> f.with(-2, -2, -2, -2, -2, number(name, value, 0, Long.MAX_VALUE), -2, -2);
                case "malformed-after" -> f.with(-2, -2, -2, -2, -2, -2, number(name, value, 0, Integer.MAX_VALUE), -2);
                case "error-after" -> f.with(-2, -2, -2, -2, -2, -2, -2, number(name, value, 0, Integer.MAX_VALUE));
                case "no-done" ->
                    new FaultSpec(
                            f.status,
                            f.slowHeadersMs,
                            f.resetAfter,
                            f.closeAfter,
                            f.stallAfter,
                            f.stallMs,
                            f.malformedAfter,
                            f.errorAfter,
                            true,
                            f.quirks);
                case "text-error" -> f.withQuirk(TEXT_ERROR);
                case "sse-crlf" -> f.withQuirk(SSE_CRLF);
                case "sse-no-space" -> f.withQuirk(SSE_NO_SPACE);
                case "sse-comments" -> f.withQuirk(SSE_COMMENTS);
                case "sse-fields" -> f.withQuirk(SSE_FIELDS);
                case "after-done" -> f.withQuirk(AFTER_DONE);
                default ->
                    throw new IllegalArgumentException("unknown fault directive '" + name + "' (known: status, "
                            + "slow-headers-ms, reset-after, close-after, stall-after, stall-ms, malformed-after, "
                            + "error-after, no-done, text-error, sse-crlf, sse-no-space, sse-comments, sse-fields, "
                            + "after-done)");
            };
        }
        return f;
    }

    private static long number(String name, String value, long min, long max) {
        if (value == null) {
            throw new IllegalArgumentException("fault directive '" + name + "' needs a value, e.g. " + name + "=5");
        }
        try {
            long v = Long.parseLong(value);
            if (v < min || v > max) {
                throw new IllegalArgumentException(
                        "fault directive '" + name + "' must be in " + min + ".." + max + ", got " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("fault directive '" + name + "' needs a number, got '" + value + "'");
        }
    }

    /** A copy with the given fields replaced; -2 keeps the current value. */
    private FaultSpec with(
            long st, long slow, long reset, long close, long stall, long stallFor, long malformed, long error) {
        return new FaultSpec(
                st == -2 ? status : (int) st,
                slow == -2 ? slowHeadersMs : slow,
                reset == -2 ? resetAfter : (int) reset,
                close == -2 ? closeAfter : (int) close,
                stall == -2 ? stallAfter : (int) stall,
                stallFor == -2 ? stallMs : stallFor,
                malformed == -2 ? malformedAfter : (int) malformed,
                error == -2 ? errorAfter : (int) error,
                noDone,
                quirks);
    }

    private FaultSpec withQuirk(int quirk) {
        return new FaultSpec(
                status,
                slowHeadersMs,
                resetAfter,
                closeAfter,
                stallAfter,
                stallMs,
                malformedAfter,
                errorAfter,
                noDone,
                quirks | quirk);
    }

    /** Combines two specs; set fields of {@code other} win. */
    public FaultSpec merge(FaultSpec other) {
        if (other.isNone()) {
            return this;
        }
        return new FaultSpec(
                other.status != 0 ? other.status : status,
                other.slowHeadersMs != 0 ? other.slowHeadersMs : slowHeadersMs,
                other.resetAfter >= 0 ? other.resetAfter : resetAfter,
                other.closeAfter >= 0 ? other.closeAfter : closeAfter,
                other.stallAfter >= 0 ? other.stallAfter : stallAfter,
                other.stallMs != 0 ? other.stallMs : stallMs,
                other.malformedAfter >= 0 ? other.malformedAfter : malformedAfter,
                other.errorAfter >= 0 ? other.errorAfter : errorAfter,
                noDone || other.noDone,
                quirks | other.quirks);
    }
}
