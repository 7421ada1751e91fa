package io.llmharness.simulator.request;

/**
 * Finds the first syntax error of a JSON text the way Python's {@code json} module reports it (the message and the
 * character position FastAPI puts in its {@code json_invalid} error): {@code Expecting value}, {@code Expecting
 * property name enclosed in double quotes}, {@code Expecting ':' delimiter}, {@code Expecting ',' delimiter},
 * {@code Unterminated string starting at}, {@code Invalid control character at}, {@code Invalid \escape},
 * {@code Extra data}. Only used on the error path, after the real parser failed.
 */
public final class JsonSyntax {
    /** A syntax error: Python's message and the character offset it points at. */
    public record Error(String message, int position) {}

    private final String s;
    private int pos;

    private JsonSyntax(String s) {
        this.s = s;
    }

    /** The first error in {@code text}, or null when Python would accept it. */
    public static Error find(String text) {
        JsonSyntax p = new JsonSyntax(text);
        try {
            p.value();
            p.ws();
            if (p.pos < text.length()) {
                return new Error("Extra data", p.pos);
            }
            return null;
        } catch (Failure f) {
            return f.error;
        }
    }

    private static final class Failure extends RuntimeException {
        final Error error;

        Failure(String message, int position) {
            super(message, null, false, false);
            this.error = new Error(message, position);
        }
    }

    private void ws() {
        while (pos < s.length() && " \t\n\r".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private char peek() {
        return pos < s.length() ? s.charAt(pos) : '\0';
    }

    private void value() {
        ws();
        char c = peek();
        if (c == '{') {
            object();
        } else if (c == '[') {
            array();
        } else if (c == '"') {
            string();
        } else if (!literal() && !number()) {
            throw new Failure("Expecting value", pos);
        }
    }

    private boolean literal() {
        for (String word : new String[] {"true", "false", "null", "NaN", "Infinity", "-Infinity"}) {
            if (s.startsWith(word, pos)) {
                pos += word.length();
                return true;
            }
        }
        return false;
    }

    private boolean number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (peek() >= '1' && peek() <= '9') {
            while (Character.isDigit(peek())) {
                pos++;
            }
        } else {
            pos = start;
            return false;
        }
        int mark = pos;
        if (peek() == '.') {
            pos++;
            if (!Character.isDigit(peek())) {
                pos = mark;
                return true;
            }
            while (Character.isDigit(peek())) {
                pos++;
            }
        }
        mark = pos;
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!Character.isDigit(peek())) {
                pos = mark;
                return true;
            }
            while (Character.isDigit(peek())) {
                pos++;
            }
        }
        return true;
    }

    private void string() {
        int start = pos++;
        while (true) {
            if (pos >= s.length()) {
                throw new Failure("Unterminated string starting at", start);
            }
            char c = s.charAt(pos);
            if (c == '"') {
                pos++;
                return;
            }
            if (c < 0x20) {
                throw new Failure("Invalid control character at", pos);
            }
            if (c == '\\') {
                char e = pos + 1 < s.length() ? s.charAt(pos + 1) : '\0';
                if (e == '\0') {
                    throw new Failure("Unterminated string starting at", start);
                }
                if ("\"\\/bfnrt".indexOf(e) >= 0) {
                    pos += 2;
                    continue;
                }
                if (e == 'u'
                        && pos + 6 <= s.length()
                        && s.substring(pos + 2, pos + 6).matches("[0-9a-fA-F]{4}")) {
                    pos += 6;
                    continue;
                }
                throw new Failure(e == 'u' ? "Invalid \\uXXXX escape" : "Invalid \\escape", pos);
            }
            pos++;
        }
    }

    private void object() {
        pos++;
        ws();
        if (peek() == '}') {
            pos++;
            return;
        }
        while (true) {
            if (peek() != '"') {
                throw new Failure("Expecting property name enclosed in double quotes", pos);
            }
            string();
            ws();
            if (peek() != ':') {
                throw new Failure("Expecting ':' delimiter", pos);
            }
            pos++;
            value();
            ws();
            if (peek() == '}') {
                pos++;
                return;
            }
            if (peek() != ',') {
                throw new Failure("Expecting ',' delimiter", pos);
            }
            pos++;
            ws();
        }
    }

    private void array() {
        pos++;
        ws();
        if (peek() == ']') {
            pos++;
            return;
        }
        while (true) {
            value();
            ws();
            if (peek() == ']') {
                pos++;
                return;
            }
            if (peek() != ',') {
                throw new Failure("Expecting ',' delimiter", pos);
            }
            pos++;
        }
    }
}
