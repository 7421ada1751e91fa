package io.llmharness.run.bench;

import io.llmharness.client.transport.HeaderNames;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.error.HarnessException;
import io.llmharness.run.AccessPlan;
import io.llmharness.run.AccessRequest;
import io.llmharness.secret.Secret;
import io.llmharness.secret.Secrets;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How {@code harness bench} reaches the server and judges failed requests: the access flags shared with
 * {@code harness run} ({@code --api-key}, {@code --header}, TLS, timeouts) merged with the profile's
 * {@code server.api_key}, {@code api.headers} and {@code load.request_timeout}, and {@code --max-failure-rate}.
 *
 * <p>Flags beat the profile, as everywhere in workload mode: the key is {@code --api-key}, else the profile's
 * {@code server.api_key}, else {@code OPENAI_API_KEY} / {@code VLLM_API_KEY}; {@code --header} replaces a profile
 * header of the same name (in any case); {@code --request-timeout} replaces {@code load.request_timeout}.
 *
 * @param request the access flags as given
 * @param maxFailureRate {@code --max-failure-rate} (0–1), or null: failures are reported but do not fail the run,
 *     as in inference-perf
 * @param sessionIdHeader {@code --session-id-header}: the header that carries a session's id on each of its
 *     requests, replacing the profile's {@code api.session_id_header_key}; null to keep the profile's
 * @param sessionTokenHeader {@code --session-token-header}: the response header whose value a session's later
 *     requests send back, replacing the profile's {@code api.session_token_header_key}; null to keep the profile's
 */
public record BenchAccess(
        AccessRequest request, Double maxFailureRate, String sessionIdHeader, String sessionTokenHeader) {

    /** No flags, no environment, no failure limit. */
    public static final BenchAccess NONE = new BenchAccess(AccessRequest.NONE, null, null, null);

    public BenchAccess {
        request = request == null ? AccessRequest.NONE : request;
        if (sessionIdHeader != null && (!HeaderNames.valid(sessionIdHeader) || HeaderNames.reserved(sessionIdHeader))) {
            throw HarnessException.usage("--session-id-header '" + sessionIdHeader + "': give a header name the client"
                    + " may set (letters, digits and -, e.g. X-Session-Id; not one it writes itself such as"
                    + " Content-Type)");
        }
        if (sessionTokenHeader != null
                && (!HeaderNames.valid(sessionTokenHeader) || HeaderNames.reserved(sessionTokenHeader))) {
            throw HarnessException.usage("--session-token-header '" + sessionTokenHeader + "': give a header name the"
                    + " client may set (letters, digits and -, e.g. X-Session-Token; not one it writes itself such as"
                    + " Content-Type)");
        }
        if (maxFailureRate != null && !(maxFailureRate >= 0 && maxFailureRate <= 1)) {
            throw HarnessException.usage("--max-failure-rate " + maxFailureRate + ": must be a share from 0 (no"
                    + " failed request allowed) to 1, e.g. 0.01 for 1 %");
        }
    }

    /** Access flags without session headers. */
    public BenchAccess(AccessRequest request, Double maxFailureRate) {
        this(request, maxFailureRate, null, null);
    }

    /**
     * The spec with {@code --session-id-header} and {@code --session-token-header} in place of the profile's session
     * headers, when given.
     *
     * @throws HarnessException (usage) when the token header would be the session id header
     */
    WorkloadSpec withSessionHeader(WorkloadSpec spec) {
        ApiSpec api = spec.api();
        if (sessionIdHeader != null) {
            api = api.withSessionIdHeader(sessionIdHeader);
        }
        if (sessionTokenHeader != null) {
            api = api.withSessionTokenHeader(sessionTokenHeader);
        }
        if (api.sessionTokenHeader() != null && api.sessionTokenHeader().equalsIgnoreCase(api.sessionIdHeader())) {
            throw HarnessException.usage((sessionTokenHeader != null ? "--session-token-header" : "--session-id-header")
                    + " '" + api.sessionTokenHeader() + "': the session's id and its token need headers of their own");
        }
        return api == spec.api() ? spec : spec.withApi(api);
    }

    /**
     * The plan before the profile is read (flags and environment only): what the embedded simulator is locked
     * with and what asks {@code /v1/models} for the model.
     *
     * @throws HarnessException (usage) for a bad flag, (config) for an unreadable CA file
     */
    AccessPlan early(boolean simulate) {
        return AccessPlan.resolve(request, null, simulate);
    }

    /**
     * The plan of the run: the flags over the profile.
     *
     * @param spec the profile as read
     * @param profile how to name the profile in messages and in {@code api_key_from}
     * @param simulate the embedded simulator is the server
     */
    AccessPlan plan(WorkloadSpec spec, String profile, boolean simulate) {
        spec.api().headers().forEach(Secrets::registerHeader);
        Secret profileKey = request.apiKey() == null && spec.server().apiKey() != null
                ? Secret.of(spec.server().apiKey().strip(), profile + ": server.api_key")
                : null;
        AccessPlan p = AccessPlan.resolve(request, profileKey, simulate);
        Double timeout = spec.load().requestTimeoutS();
        if (request.requestTimeoutS() == null && timeout != null) {
            p = new AccessPlan(
                    p.apiKey(),
                    p.headers(),
                    p.tls(),
                    p.connectTimeoutMs(),
                    Math.max(1, Math.round(timeout * 1000)),
                    p.idleTimeoutMs());
        }
        return p;
    }

    /**
     * The client's transport: the profile's {@code api.headers}, then the plan's headers (a flag's header replaces
     * the profile's of the same name), key, TLS and timeouts.
     */
    static TransportOptions transport(AccessPlan plan, WorkloadSpec spec) {
        Map<String, String> headers = new LinkedHashMap<>();
        spec.api().headers().forEach((name, value) -> {
            boolean replaced = plan.headers().keySet().stream().anyMatch(n -> n.equalsIgnoreCase(name))
                    || (plan.apiKey() != null && name.equalsIgnoreCase("Authorization"));
            if (!replaced) {
                headers.put(name, value);
            }
        });
        return plan.applyTo(TransportOptions.defaults().withHeaders(headers));
    }

    /** Whether failures can fail the run ({@code --max-failure-rate} was given). */
    boolean enforced() {
        return maxFailureRate != null;
    }
}
