package io.llmharness.tokenizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * The server's own tokenizer through {@code POST /tokenize} and {@code POST /detokenize} (vLLM; SGLang serves the
 * same paths, answering {@code /detokenize} with {@code text} instead of {@code prompt}). Every call is a blocking
 * HTTP round trip: use it before the run to build prompts and never on an event loop (it refuses to run there).
 *
 * <p>Servers reject a text longer than the context window ({@code max_model_len}) with HTTP 400; {@link #encode}
 * then splits the text at a whitespace boundary and encodes the halves, which gives the same ids as one call for
 * tokenizers whose pre-tokenizer splits before a space (all byte-level BPE models). Thread-safe.
 */
public final class ServerTokenizer implements TextTokenizer {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);
    /** Tries of one call that fails on its connection: the first and two more. */
    static final int ATTEMPTS = 3;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final String model;
    private final HttpClient http;

    private ServerTokenizer(String baseUrl, String model) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /**
     * Checks that {@code baseUrl} tokenizes (one short {@code /tokenize} call) and returns a tokenizer backed by it.
     *
     * @param model the served model name sent with each call (vLLM checks it), or null to send none
     * @throws TokenizerUnavailableException when the server is unreachable or has no working {@code /tokenize}
     */
    public static ServerTokenizer probe(String baseUrl, String model) throws TokenizerUnavailableException {
        ServerTokenizer t = new ServerTokenizer(baseUrl, model);
        try {
            t.tokenize("Hello", false);
        } catch (CallFailed e) {
            throw new TokenizerUnavailableException(e.getMessage());
        }
        return t;
    }

    @Override
    public String source() {
        return "server /tokenize at " + baseUrl;
    }

    @Override
    public int[] encode(String text) {
        return encodeSplitting(text, false);
    }

    @Override
    public int countWithSpecialTokens(String text) {
        try {
            return tokenize(text, true).length;
        } catch (ContextTooLong e) {
            return encodeSplitting(text, false).length + tokenizeOrFail("", true).length;
        } catch (CallFailed e) {
            throw HarnessException.execution("server tokenizer: " + e.getMessage());
        }
    }

    @Override
    public String decode(int[] ids) {
        ObjectNode body = request();
        var tokens = body.putArray("tokens");
        for (int id : ids) {
            tokens.add(id);
        }
        JsonNode answer;
        try {
            answer = post("/detokenize", body);
        } catch (CallFailed e) {
            throw HarnessException.execution("server tokenizer: " + e.getMessage());
        }
        JsonNode text = answer.has("prompt") ? answer.get("prompt") : answer.get("text");
        if (text == null || !text.isTextual()) {
            throw HarnessException.execution(
                    "server tokenizer: " + baseUrl + "/detokenize answered without a \"prompt\" or \"text\" string");
        }
        return text.asText();
    }

    private int[] encodeSplitting(String text, boolean special) {
        try {
            return tokenize(text, special);
        } catch (ContextTooLong e) {
            int cut = SplitPoint.of(text);
            if (cut <= 0) {
                throw HarnessException.execution("server tokenizer: " + e.getMessage());
            }
            int[] head = encodeSplitting(text.substring(0, cut), special);
            int[] tail = encodeSplitting(text.substring(cut), false);
            int[] all = Arrays.copyOf(head, head.length + tail.length);
            System.arraycopy(tail, 0, all, head.length, tail.length);
            return all;
        } catch (CallFailed e) {
            throw HarnessException.execution("server tokenizer: " + e.getMessage());
        }
    }

    private int[] tokenizeOrFail(String text, boolean special) {
        try {
            return tokenize(text, special);
        } catch (CallFailed e) {
            throw HarnessException.execution("server tokenizer: " + e.getMessage());
        }
    }

    private int[] tokenize(String text, boolean special) throws CallFailed {
        ObjectNode body = request().put("prompt", text).put("add_special_tokens", special);
        JsonNode tokens = post("/tokenize", body).get("tokens");
        if (tokens == null || !tokens.isArray()) {
            throw new CallFailed(baseUrl + "/tokenize answered without a \"tokens\" array");
        }
        int[] ids = new int[tokens.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = tokens.get(i).asInt();
        }
        return ids;
    }

    private ObjectNode request() {
        ObjectNode body = JSON.createObjectNode();
        if (model != null) {
            body.put("model", model);
        }
        return body;
    }

    private JsonNode post(String path, ObjectNode body) throws CallFailed {
        if (io.vertx.core.Context.isOnEventLoopThread()) {
            throw new IllegalStateException("ServerTokenizer blocks; it must not be called on an event loop");
        }
        String url = baseUrl + path;
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(CALL_TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build();
        HttpResponse<String> response = null;
        for (int attempt = 1; response == null; attempt++) {
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (HttpTimeoutException e) {
                throw new CallFailed(url + " did not answer within " + CALL_TIMEOUT.toSeconds() + " s");
            } catch (IOException e) {
                // /tokenize and /detokenize change nothing on the server, so a call that failed on the connection
                // (a kept-alive connection the server closed as it was reused, a reset) is simply made again
                if (attempt >= ATTEMPTS) {
                    throw new CallFailed(url + " is unreachable (" + describe(e) + "; " + ATTEMPTS + " attempts)");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CallFailed("interrupted while calling " + url);
            }
        }
        String text = response.body();
        if (response.statusCode() == 400 && text.toLowerCase(Locale.ROOT).contains("context length")) {
            throw new ContextTooLong(url + " rejected the text as longer than the context window");
        }
        if (response.statusCode() != 200) {
            throw new CallFailed(url + " answered HTTP " + response.statusCode() + brief(text));
        }
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new CallFailed(url + " answered with something that is not JSON" + brief(text));
        }
    }

    /** The exception's class and message, e.g. {@code ConnectException: Connection refused}. */
    private static String describe(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName()
                + (m == null || m.isBlank() ? "" : ": " + m.strip().replace('\n', ' '));
    }

    private static String brief(String body) {
        String s = body == null ? "" : body.strip().replace('\n', ' ');
        if (s.isEmpty()) {
            return "";
        }
        return ": " + (s.length() > 160 ? s.substring(0, 160) + "…" : s);
    }

    /** A call that did not give a usable answer; the message is one line naming the URL. */
    private static class CallFailed extends Exception {
        CallFailed(String message) {
            super(message, null, false, false);
        }
    }

    /** HTTP 400 because the text has more tokens than the server's context window. */
    private static final class ContextTooLong extends CallFailed {
        ContextTooLong(String message) {
            super(message);
        }
    }
}
