package io.llmharness.run;

import io.llmharness.client.transport.HeaderNames;
import io.llmharness.client.transport.TlsOptions;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.Secret;
import io.llmharness.secret.Secrets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the client reaches the servers, validated: the API key and where it came from, extra headers, TLS trust and
 * the three timeouts. {@link #applyTo} puts it into the client's {@link TransportOptions}; {@link #describe()} is
 * what the resolved config and summary.json show (the key as {@code <redacted>}).
 *
 * <p>The key, first found wins: {@code --api-key}; a server config's {@code api_key} (the harness starts that
 * server with it, so a different {@code --api-key} is an error); then the environment — {@code OPENAI_API_KEY},
 * then {@code VLLM_API_KEY} for servers someone else runs, the other way round for servers the harness starts
 * (vLLM reads {@code VLLM_API_KEY} itself from the environment it inherits).
 *
 * @param apiKey sent as {@code Authorization: Bearer <key>}, or null
 * @param headers extra headers in order, names as given (a later one of the same name, in any case, replaced the
 *     earlier)
 * @param tls how {@code https://} servers are trusted
 * @param connectTimeoutMs TCP (and TLS) connect timeout
 * @param requestTimeoutMs longest whole request, 0 = no limit
 * @param idleTimeoutMs longest silence while a response is read
 */
public record AccessPlan(
        Secret apiKey,
        Map<String, String> headers,
        TlsOptions tls,
        int connectTimeoutMs,
        long requestTimeoutMs,
        long idleTimeoutMs) {

    /** No key, no headers, the JDK's trust store, the client's default timeouts. */
    public static final AccessPlan DEFAULT = new AccessPlan(
            null,
            Map.of(),
            TlsOptions.DEFAULT,
            TransportOptions.defaults().connectTimeoutMs(),
            TransportOptions.defaults().totalTimeoutMs(),
            TransportOptions.defaults().idleTimeoutMs());

    public AccessPlan {
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        tls = tls == null ? TlsOptions.DEFAULT : tls;
    }

    /**
     * Validates the flags and picks the key.
     *
     * @param r the flags as given
     * @param serverKey the key the servers are known to require: the {@code api_key} of a server config the
     *     harness starts them with, or of a workload profile; null when none
     * @param managed the harness starts the servers (the environment's {@code VLLM_API_KEY} is tried first)
     * @throws HarnessException (usage 2) for a bad flag value, (config 3) for an unreadable CA file
     */
    public static AccessPlan resolve(AccessRequest r, Secret serverKey, boolean managed) {
        Secret key = key(r, serverKey, managed);
        Map<String, String> headers = headers(r.headers(), r.apiKey() != null);
        if (r.insecure() && r.caCert() != null) {
            throw HarnessException.usage("--insecure and --ca-cert: give one (--ca-cert verifies the server against"
                    + " that CA, --insecure verifies nothing)");
        }
        TlsOptions tls = r.insecure()
                ? TlsOptions.insecure()
                : r.caCert() != null ? TlsOptions.trusting(r.caCert(), "--ca-cert") : TlsOptions.DEFAULT;
        return new AccessPlan(
                key,
                headers,
                tls,
                (int) millis(r.connectTimeoutS(), "--connect-timeout", false, DEFAULT.connectTimeoutMs),
                millis(r.requestTimeoutS(), "--request-timeout", true, DEFAULT.requestTimeoutMs),
                millis(r.idleTimeoutS(), "--idle-timeout", false, DEFAULT.idleTimeoutMs));
    }

    private static Secret key(AccessRequest r, Secret serverKey, boolean managed) {
        Secret flag = null;
        if (r.apiKey() != null) {
            if (r.apiKey().isBlank()) {
                throw HarnessException.usage("--api-key: the key is empty; give the server's key, or leave the"
                        + " flag out for a server without one");
            }
            flag = Secret.of(r.apiKey().strip(), "--api-key");
        }
        if (serverKey != null) {
            if (flag != null && !flag.sameValue(serverKey)) {
                throw HarnessException.usage("--api-key differs from " + serverKey.source() + ", the key the"
                        + " server requires; every request would get 401: give the key once");
            }
            return serverKey;
        }
        if (flag != null) {
            return flag;
        }
        List<String> order = new ArrayList<>(AccessRequest.KEY_VARIABLES);
        if (managed) {
            java.util.Collections.reverse(order);
        }
        for (String var : order) {
            String v = r.environment().get(var);
            if (v != null) {
                return Secret.of(v.strip(), "environment variable " + var);
            }
        }
        return null;
    }

    private static Map<String, String> headers(List<String> given, boolean apiKeyFlag) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String h : given) {
            int colon = h.indexOf(':');
            String name = colon < 0 ? h.strip() : h.substring(0, colon).strip();
            if (colon <= 0 || !HeaderNames.valid(name)) {
                throw HarnessException.usage("--header '" + Secrets.redactHeaderLine(h) + "': write it as 'Name: value'"
                        + " (a name of letters, digits and -, then a colon)");
            }
            String value = h.substring(colon + 1).strip();
            Secrets.registerHeader(name, value);
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw HarnessException.usage("--header " + name + ": the value cannot contain a line break");
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (HeaderNames.reserved(name)) {
                throw HarnessException.usage(
                        "--header " + name + ": the client sets this header itself; leave it" + " out");
            }
            if (lower.equals("authorization") && apiKeyFlag) {
                throw HarnessException.usage(
                        "--header Authorization and --api-key both set the Authorization" + " header; give one");
            }
            out.keySet().removeIf(k -> k.equalsIgnoreCase(name));
            out.put(name, value);
        }
        return out;
    }

    private static long millis(Double seconds, String flag, boolean zeroMeansNone, long dflt) {
        if (seconds == null) {
            return dflt;
        }
        if (!Double.isFinite(seconds) || seconds < 0 || (seconds == 0 && !zeroMeansNone)) {
            throw HarnessException.usage(flag + " " + seconds + ": must be a number of seconds above 0"
                    + (zeroMeansNone ? " (or 0 for no limit)" : ""));
        }
        if (seconds > Integer.MAX_VALUE / 1000.0) {
            throw HarnessException.usage(flag + " " + seconds + ": at most " + Integer.MAX_VALUE / 1000 + " s");
        }
        return seconds == 0 ? 0 : Math.max(1, Math.round(seconds * 1000));
    }

    /** The client's transport options with this key, these headers, this TLS trust and these timeouts. */
    public TransportOptions applyTo(TransportOptions t) {
        Map<String, String> all = new LinkedHashMap<>(t.headers());
        all.putAll(headers);
        return t.withTimeouts(connectTimeoutMs, t.headersTimeoutMs(), idleTimeoutMs, requestTimeoutMs)
                .withHeaders(all)
                .withApiKey(apiKey)
                .withTls(tls);
    }

    /** The headers of control-plane calls ({@code /health}, {@code /v1/models}, {@code /metrics}): real values. */
    public Map<String, String> controlHeaders() {
        return applyTo(TransportOptions.defaults()).requestHeaders();
    }

    /** For config.resolved.yaml and summary.json: the key as {@code <redacted>} with its source, never its value. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("api_key", apiKey == null ? null : Secrets.REDACTED);
        m.put("api_key_from", apiKey == null ? null : apiKey.source());
        Map<String, String> h = new LinkedHashMap<>();
        headers.forEach((k, v) -> h.put(k, Secrets.redactValue(k, v)));
        m.put("headers", h);
        m.put("tls", tls.describe());
        m.put("connect_timeout_s", connectTimeoutMs / 1000.0);
        m.put("request_timeout_s", requestTimeoutMs == 0 ? "none" : requestTimeoutMs / 1000.0);
        m.put("idle_timeout_s", idleTimeoutMs / 1000.0);
        return m;
    }
}
