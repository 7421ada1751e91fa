package io.llmharness.client.transport;

import io.llmharness.client.EndpointType;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.Secrets;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A server's base URL, e.g. {@code http://gpu-node-3:8000} or {@code http://host:8000/v1}.
 *
 * @param ssl whether to use TLS ({@code https})
 * @param host host name or address
 * @param port port (80/443 when the URL has none)
 * @param pathPrefix path before the API path, without a trailing slash (often empty, sometimes {@code /v1})
 * @param display the URL as the user should see it in messages
 */
public record BaseUrl(boolean ssl, String host, int port, String pathPrefix, String display) {

    /**
     * Parses a base URL; a missing scheme means {@code http://}.
     *
     * @param where the flag or config key it came from, named in the error message
     * @throws HarnessException (config) when it is not a usable http(s) URL
     */
    public static BaseUrl parse(String url, String where) {
        String s = url == null ? "" : url.strip();
        String withScheme = s.contains("://") ? s : "http://" + s;
        Secrets.registerUrl(withScheme); // a password in the URL is never shown, also not where it stands alone
        URI u;
        try {
            u = new URI(withScheme);
        } catch (URISyntaxException e) {
            throw bad(url, where, "it is not a URL");
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw bad(url, where, "only http:// and https:// are supported");
        }
        if (u.getHost() == null || u.getHost().isEmpty()) {
            throw bad(url, where, "it has no host");
        }
        if (u.getQuery() != null || u.getFragment() != null) {
            throw bad(url, where, "a base URL cannot have a query or fragment");
        }
        boolean ssl = scheme.equals("https");
        int port = u.getPort() > 0 ? u.getPort() : (ssl ? 443 : 80);
        String path = u.getRawPath() == null ? "" : u.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String display = scheme + "://" + u.getHost() + (u.getPort() > 0 ? ":" + u.getPort() : "") + path;
        return new BaseUrl(ssl, u.getHost(), port, path, display);
    }

    /** Request path for an API; a prefix that already ends in {@code /v1} is not doubled. */
    public String path(EndpointType type) {
        String p = type.path();
        if (pathPrefix.endsWith("/v1") && p.startsWith("/v1/")) {
            return pathPrefix + p.substring(3);
        }
        return pathPrefix + p;
    }

    @Override
    public String toString() {
        return display;
    }

    private static HarnessException bad(String url, String where, String why) {
        return HarnessException.config(where + ": '" + Secrets.redact(url) + "' is not a usable server URL (" + why
                + "); write it like http://localhost:8000");
    }
}
