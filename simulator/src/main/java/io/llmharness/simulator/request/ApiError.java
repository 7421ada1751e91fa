package io.llmharness.simulator.request;

/**
 * A request that cannot be served, as the backend would report it: HTTP status, OpenAI error {@code type}, message
 * and offending parameter. The HTTP layer renders it in the persona's error shape. Thrown by parsers and validators
 * only; carries no stack trace.
 */
public final class ApiError extends RuntimeException {
    /** Schema-validation failures use the HTTP reason phrase as type, as vLLM's FastAPI handler does. */
    public static final String VALIDATION_TYPE = "Bad Request";

    private final int status;
    private final String type;
    private final String param;

    public ApiError(int status, String type, String message, String param) {
        super(message, null, false, false);
        this.status = status;
        this.type = type;
        this.param = param;
    }

    /** A semantic 400 ({@code BadRequestError}). */
    public static ApiError badRequest(String message) {
        return new ApiError(400, "BadRequestError", message, null);
    }

    /** A semantic 400 naming the parameter. */
    public static ApiError badRequest(String message, String param) {
        return new ApiError(400, "BadRequestError", message, param);
    }

    /**
     * A schema-validation 400 in pydantic's wording: {@code 1 validation error: {'type': …, 'loc': ('body', …), …}}.
     *
     * @param param dotted field path, e.g. {@code max_tokens} or {@code messages.0.content}
     * @param errorType pydantic error type, e.g. {@code int_parsing}
     * @param msg pydantic message, e.g. {@code Input should be a valid integer}
     * @param input the offending value rendered for the message, may be null
     */
    public static ApiError validation(String param, String errorType, String msg, String input) {
        StringBuilder loc = new StringBuilder("('body'");
        if (param != null && !param.isEmpty()) {
            for (String part : param.split("\\.")) {
                loc.append(", ");
                if (!part.isEmpty() && part.chars().allMatch(Character::isDigit)) {
                    loc.append(part);
                } else {
                    loc.append('\'').append(part).append('\'');
                }
            }
        }
        loc.append(')');
        String text = "1 validation error:\n  {'type': '" + errorType + "', 'loc': " + loc + ", 'msg': '" + msg + "'"
                + (input == null ? "" : ", 'input': " + input) + "}";
        return new ApiError(400, VALIDATION_TYPE, text, param);
    }

    public static ApiError notFound(String message, String param) {
        return new ApiError(404, "NotFoundError", message, param);
    }

    /** An error with an arbitrary status; the type follows the OpenAI client's status mapping. */
    public static ApiError ofStatus(int status, String message) {
        return new ApiError(status, typeFor(status), message, null);
    }

    /** OpenAI-style error type for a status code (as the llm-d simulator and OpenAI clients name them). */
    public static String typeFor(int status) {
        return switch (status) {
            case 400 -> "BadRequestError";
            case 401 -> "AuthenticationError";
            case 403 -> "PermissionDeniedError";
            case 404 -> "NotFoundError";
            case 409 -> "ConflictError";
            case 422 -> "UnprocessableEntityError";
            case 429 -> "RateLimitError";
            case 501 -> "NotImplementedError";
            case 503 -> "ServiceUnavailableError";
            default -> status >= 500 ? "InternalServerError" : "BadRequestError";
        };
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String param() {
        return param;
    }
}
