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
     * A schema-validation 400 as vLLM's FastAPI handler reports it: {@code str()} of the request-validation error
     * ({@code 1 validation error:\n  {'type': …, 'loc': ('body', …), 'msg': …, 'input': …}\n}), type
     * {@value #VALIDATION_TYPE}, {@code param} null.
     *
     * @param param dotted field path, e.g. {@code max_tokens} or {@code messages.0.content}
     * @param errorType pydantic error type, e.g. {@code int_parsing}
     * @param msg pydantic message, e.g. {@code Input should be a valid integer}
     * @param input the offending value rendered for the message, may be null
     */
    public static ApiError validation(String param, String errorType, String msg, String input) {
        return validation(java.util.List.of(errorDict(param, errorType, msg, input)));
    }

    /** A schema-validation 400 listing several errors (one per line), e.g. one per member of a union type. */
    public static ApiError validation(java.util.List<String> errors) {
        StringBuilder text = new StringBuilder();
        text.append(errors.size()).append(errors.size() == 1 ? " validation error:\n" : " validation errors:\n");
        for (String e : errors) {
            text.append("  ").append(e).append('\n');
        }
        return new ApiError(400, VALIDATION_TYPE, text.toString(), null);
    }

    /**
     * One pydantic error as Python prints the dict: {@code {'type': …, 'loc': ('body', …), 'msg': …, 'input': …}}.
     *
     * @param param dotted location under the body ({@code prompt.list[int].0}); empty for the body itself
     * @param input the offending value rendered the Python way, or null to leave {@code input} out
     */
    public static String errorDict(String param, String errorType, String msg, String input) {
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
        } else {
            loc.append(',');
        }
        loc.append(')');
        return "{'type': '" + errorType + "', 'loc': " + loc + ", 'msg': " + pyStr(msg)
                + (input == null ? "" : ", 'input': " + input) + "}";
    }

    /** Python's {@code repr()} of a string: single quotes unless it holds one and no double quote. */
    public static String pyStr(String s) {
        char q = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder b = new StringBuilder(s.length() + 2).append(q);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c == q) {
                        b.append('\\').append(c);
                    } else if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append(q).toString();
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
