package io.llmharness.client.transport;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Which request header names a user may give: RFC 9110 tokens, and none the client writes itself. */
public final class HeaderNames {

    /** An HTTP header name (RFC 9110 token). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    /** Headers the client writes itself. */
    private static final Set<String> RESERVED = Set.of(
            "host",
            "content-length",
            "content-type",
            "accept",
            "transfer-encoding",
            "connection",
            "keep-alive",
            "upgrade",
            "expect",
            "te",
            "trailer");

    private HeaderNames() {}

    /** Whether {@code name} is a header name (an RFC 9110 token). */
    public static boolean valid(String name) {
        return name != null && TOKEN.matcher(name).matches();
    }

    /** Whether the client sets this header itself (any case), so a user cannot. */
    public static boolean reserved(String name) {
        return RESERVED.contains(name.toLowerCase(Locale.ROOT));
    }
}
