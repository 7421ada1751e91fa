package io.llmharness.simulator.fault;

import io.llmharness.simulator.request.ApiError;
import java.util.Locale;

/** The synthetic errors of {@code --failure-types} (llm-d simulator kinds, or a bare status code). */
public final class InjectedError {
    /** The llm-d kinds, used when no types are configured. */
    public static final String[] KINDS = {
        "rate_limit", "invalid_api_key", "context_length", "server_error", "invalid_request", "model_not_found"
    };

    private InjectedError() {}

    /** Validates a kind name or status; throws {@link IllegalArgumentException} otherwise. */
    public static void check(String kind) {
        of(kind, "m", 1024);
    }

    /** The error for a kind (or numeric status) as the backend would send it. */
    public static ApiError of(String kind, String model, int maxModelLen) {
        String k = kind.trim().toLowerCase(Locale.ROOT);
        return switch (k) {
            case "rate_limit" -> new ApiError(429, "RateLimitError", "Rate limit reached for model " + model, null);
            case "invalid_api_key" -> new ApiError(401, "AuthenticationError", "Incorrect API key provided.", null);
            case "context_length" ->
                new ApiError(
                        400,
                        "BadRequestError",
                        "This model's maximum context length is "
                                + maxModelLen + " tokens. However, you requested " + (maxModelLen + 100) + " tokens ("
                                + (maxModelLen + 50)
                                + " in the messages, 50 in the completion). Please reduce the length of the "
                                + "messages or completion.",
                        "messages");
            case "server_error" ->
                new ApiError(503, "InternalServerError", "The server is overloaded or not ready yet.", null);
            case "invalid_request" ->
                new ApiError(400, "BadRequestError", "Invalid request: simulated failure.", "model");
            case "model_not_found" ->
                new ApiError(404, "NotFoundError", "The model `" + model + "-missing` does " + "not exist.", "model");
            default -> {
                int status;
                try {
                    status = Integer.parseInt(k);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("unknown failure type '" + kind + "' (use "
                            + String.join(", ", KINDS) + " or an HTTP status such as 500)");
                }
                if (status < 400 || status > 599) {
                    throw new IllegalArgumentException("failure status must be 400..599, got " + status);
                }
                yield ofStatus(status);
            }
        };
    }

    /** An error with the given status, as {@code X-Return-Error} produces it. */
    public static ApiError ofStatus(int status) {
        String message = switch (status) {
            case 429 -> "Rate limit reached (injected by X-Return-Error).";
            case 503 -> "The server is overloaded or not ready yet.";
            default -> "Injected error with status " + status + ".";
        };
        return ApiError.ofStatus(status, message);
    }
}
