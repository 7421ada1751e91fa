package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonToken;
import io.llmharness.client.sse.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A small pull parser over one complete JSON document in a byte slice, reusable with {@link #reset} so decoding a
 * stream of SSE events allocates nothing for structure, names or numbers. It speaks the part of Jackson's
 * {@code JsonParser} the decoders use ({@link #nextToken}, {@link #currentToken}, {@link #currentName},
 * {@link #getText}, {@link #skipChildren}, numbers) and returns Jackson's {@link JsonToken}s, so decoders read the
 * same way with either.
 *
 * <p>Why not Jackson: building a Jackson parser per event (its context, symbol-table child and text buffer) and its
 * general token machinery cost more than the rest of the client's per-event work together. This cursor scans a
 * slice it knows is complete: names and short strings are matched and interned from a shared table ({@link
 * #currentName} returns the same {@code String} instance every time), numbers are parsed in place, and skipped
 * values are only scanned.
 *
 * <p>Strict where it matters: any syntax error (truncated document, missing comma or colon, bad literal, a control
 * character in a string, nesting deeper than {@value #MAX_DEPTH}) throws {@link ResponseFormatException}
 * ("malformed JSON: ..."); content after the first complete value is ignored, as Jackson does. Not thread-safe.
 */
final class JsonCursor {

    static final int MAX_DEPTH = 1000;

    private static final byte OBJECT = 1;
    private static final byte ARRAY = 2;

    private byte[] buf;
    private int start;
    private int pos;
    private int end;
    private byte[] stack = new byte[16];
    private int depth;
    /** A value (or a container's end) was just read: a comma or a closing bracket comes next. */
    private boolean afterValue;
    /** In an object, the field name was read: its value comes next. */
    private boolean afterName;

    private JsonToken token;
    private String name;
    private int textStart;
    private int textEnd;
    private boolean textEscaped;
    private boolean numberNegative;
    private int numberStart;
    private int numberEnd;

    /** Points the cursor at a new document; the array is read in place and must not change meanwhile. */
    JsonCursor reset(byte[] bytes, int off, int len) {
        this.buf = bytes;
        this.start = off;
        this.pos = off;
        this.end = off + len;
        this.depth = 0;
        this.afterValue = false;
        this.afterName = false;
        this.token = null;
        this.name = null;
        return this;
    }

    /** The token read last, or null before the first and after the end of the root value. */
    JsonToken currentToken() {
        return token;
    }

    /** The name of the current field (set on {@code FIELD_NAME} and kept for its value). */
    String currentName() {
        return name;
    }

    /** Reads the next token; null once the root value is complete. */
    JsonToken nextToken() {
        if (depth == 0 && afterValue) {
            return token = null;
        }
        skipWhitespace();
        if (depth > 0 && !afterName) {
            byte top = stack[depth - 1];
            byte c = peek("a value or the end of a container");
            if (c == (top == OBJECT ? '}' : ']')) {
                pos++;
                depth--;
                afterValue = true;
                return token = top == OBJECT ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
            }
            if (afterValue) {
                if (c != ',') {
                    throw malformed("expected ',' or '" + (top == OBJECT ? '}' : ']') + "'");
                }
                pos++;
                skipWhitespace();
            }
            if (top == OBJECT) {
                if (peek("a field name") != '"') {
                    throw malformed("expected a field name");
                }
                name = readName();
                skipWhitespace();
                if (peek("':'") != ':') {
                    throw malformed("expected ':' after field '" + name + "'");
                }
                pos++;
                afterName = true;
                afterValue = false;
                return token = JsonToken.FIELD_NAME;
            }
        }
        afterName = false;
        return token = readValue();
    }

    private JsonToken readValue() {
        skipWhitespace();
        byte c = peek("a value");
        switch (c) {
            case '{' -> {
                pos++;
                push(OBJECT);
                return JsonToken.START_OBJECT;
            }
            case '[' -> {
                pos++;
                push(ARRAY);
                return JsonToken.START_ARRAY;
            }
            case '"' -> {
                scanString();
                afterValue = true;
                return JsonToken.VALUE_STRING;
            }
            case 't' -> {
                literal("true");
                return JsonToken.VALUE_TRUE;
            }
            case 'f' -> {
                literal("false");
                return JsonToken.VALUE_FALSE;
            }
            case 'n' -> {
                literal("null");
                return JsonToken.VALUE_NULL;
            }
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    afterValue = true;
                    return scanNumber();
                }
                throw malformed("unexpected character '" + printable(c) + "'");
            }
        }
    }

    /**
     * Skips the current container to its end, leaving the cursor on its {@code END_OBJECT} / {@code END_ARRAY};
     * a no-op on any other token. The skipped bytes are scanned for strings and brackets only.
     */
    void skipChildren() {
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return;
        }
        int open = 1;
        while (open > 0) {
            byte c = peek("the end of a container");
            switch (c) {
                case '"' -> scanString();
                case '{', '[' -> {
                    open++;
                    pos++;
                }
                case '}', ']' -> {
                    open--;
                    pos++;
                }
                default -> pos++;
            }
        }
        depth--;
        token = token == JsonToken.START_OBJECT ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
        afterValue = true;
        afterName = false;
    }

    /** The current string's text (escapes decoded), the text of a number, or the literal's name. */
    String getText() {
        if (token == JsonToken.VALUE_STRING) {
            return textEscaped
                    ? decode(buf, textStart, textEnd)
                    : new String(buf, textStart, textEnd - textStart, StandardCharsets.UTF_8);
        }
        if (token == JsonToken.FIELD_NAME) {
            return name;
        }
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            return new String(buf, numberStart, numberEnd - numberStart, StandardCharsets.US_ASCII);
        }
        return token == null ? null : token.asString();
    }

    /**
     * Whether the current token is a string equal to {@code ascii} (the bytes of an ASCII literal), compared in
     * place: no {@code String} is built unless the string has escapes.
     */
    boolean textEquals(byte[] ascii) {
        if (token != JsonToken.VALUE_STRING) {
            return false;
        }
        if (textEscaped) {
            return new String(ascii, StandardCharsets.US_ASCII).equals(decode(buf, textStart, textEnd));
        }
        return Arrays.equals(buf, textStart, textEnd, ascii, 0, ascii.length);
    }

    /** Whether the current string is non-empty (its raw bytes are; an escape is at least one character). */
    boolean hasText() {
        return token == JsonToken.VALUE_STRING && textEnd > textStart;
    }

    /** Length of the current string in UTF-16 units, as {@code getText().length()} would say, without a String. */
    int getTextLength() {
        if (token != JsonToken.VALUE_STRING) {
            String t = getText();
            return t == null ? 0 : t.length();
        }
        if (textEscaped) {
            return decode(buf, textStart, textEnd).length();
        }
        int n = 0;
        for (int i = textStart; i < textEnd; i++) {
            int b = buf[i] & 0xff;
            if (b < 0x80 || b >= 0xc0) {
                n += b >= 0xf0 ? 2 : 1;
            }
        }
        return n;
    }

    /** The current integer number as a long. */
    long getLongValue() {
        if (token != JsonToken.VALUE_NUMBER_INT) {
            return (long) getDoubleValue();
        }
        int i = numberNegative ? numberStart + 1 : numberStart;
        int digits = numberEnd - i;
        if (digits > 18) {
            return Long.parseLong(getText());
        }
        long v = 0;
        for (; i < numberEnd; i++) {
            v = v * 10 + (buf[i] - '0');
        }
        return numberNegative ? -v : v;
    }

    /** The current integer number as an int. */
    int getIntValue() {
        long v = getLongValue();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ResponseFormatException("number out of int range: " + v);
        }
        return (int) v;
    }

    /** The current number as a double. */
    double getDoubleValue() {
        return Double.parseDouble(getText());
    }

    private void push(byte kind) {
        if (depth == MAX_DEPTH) {
            throw malformed("nesting deeper than " + MAX_DEPTH);
        }
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        stack[depth++] = kind;
        afterValue = false;
    }

    private String readName() {
        scanString();
        return textEscaped ? decode(buf, textStart, textEnd) : Strings.intern(buf, textStart, textEnd - textStart);
    }

    /** Scans a string starting at its opening quote; sets the text bounds. */
    private void scanString() {
        int i = pos + 1;
        boolean escaped = false;
        while (true) {
            i = Bytes.indexOfStringSpecial(buf, i, end);
            if (i < 0) {
                throw malformed("unterminated string");
            }
            byte b = buf[i];
            if (b == '"') {
                textStart = pos + 1;
                textEnd = i;
                textEscaped = escaped;
                pos = i + 1;
                return;
            }
            if (b != '\\') {
                throw malformed("control character in a string");
            }
            escaped = true;
            i += 2;
        }
    }

    private JsonToken scanNumber() {
        int i = pos;
        numberStart = i;
        numberNegative = buf[i] == '-';
        if (numberNegative) {
            i++;
        }
        int digits = i;
        while (i < end && isDigit(buf[i])) {
            i++;
        }
        if (i == digits) {
            throw malformed("a number without digits");
        }
        boolean fraction = false;
        if (i < end && buf[i] == '.') {
            fraction = true;
            int from = ++i;
            while (i < end && isDigit(buf[i])) {
                i++;
            }
            if (i == from) {
                throw malformed("a number without digits after '.'");
            }
        }
        if (i < end && (buf[i] == 'e' || buf[i] == 'E')) {
            fraction = true;
            i++;
            if (i < end && (buf[i] == '+' || buf[i] == '-')) {
                i++;
            }
            int from = i;
            while (i < end && isDigit(buf[i])) {
                i++;
            }
            if (i == from) {
                throw malformed("a number without exponent digits");
            }
        }
        numberEnd = i;
        pos = i;
        return fraction ? JsonToken.VALUE_NUMBER_FLOAT : JsonToken.VALUE_NUMBER_INT;
    }

    private void literal(String word) {
        int n = word.length();
        if (end - pos < n) {
            throw malformed("truncated literal");
        }
        for (int k = 0; k < n; k++) {
            if (buf[pos + k] != word.charAt(k)) {
                throw malformed("unexpected character '" + printable(buf[pos + k]) + "'");
            }
        }
        pos += n;
        afterValue = true;
    }

    private void skipWhitespace() {
        while (pos < end) {
            byte b = buf[pos];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return;
            }
            pos++;
        }
    }

    private byte peek(String expected) {
        if (pos >= end) {
            throw malformed("unexpected end of input, expected " + expected);
        }
        return buf[pos];
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static String printable(byte b) {
        return b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xff);
    }

    private ResponseFormatException malformed(String what) {
        return new ResponseFormatException("malformed JSON: " + what + " at byte " + (pos - start));
    }

    /** Decodes a string body with escapes (UTF-8 bytes, {@code \\uXXXX} with surrogate pairs). */
    static String decode(byte[] b, int from, int to) {
        StringBuilder sb = new StringBuilder(to - from);
        int i = from;
        int run = from;
        while (i < to) {
            if (b[i] != '\\') {
                i++;
                continue;
            }
            sb.append(new String(b, run, i - run, StandardCharsets.UTF_8));
            if (i + 1 >= to) {
                throw new ResponseFormatException("malformed JSON: unterminated escape");
            }
            byte e = b[i + 1];
            switch (e) {
                case '"', '\\', '/' -> sb.append((char) e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (i + 6 > to) {
                        throw new ResponseFormatException("malformed JSON: truncated \\u escape");
                    }
                    sb.append((char) hex4(b, i + 2));
                    i += 4;
                }
                default -> throw new ResponseFormatException("malformed JSON: bad escape '\\" + (char) e + "'");
            }
            i += 2;
            run = i;
        }
        sb.append(new String(b, run, to - run, StandardCharsets.UTF_8));
        return sb.toString();
    }

    private static int hex4(byte[] b, int at) {
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(b[at + k], 16);
            if (d < 0) {
                throw new ResponseFormatException("malformed JSON: bad \\u escape");
            }
            v = v << 4 | d;
        }
        return v;
    }

    /**
     * Interned short field names shared by all cursors: a fixed open table where a new name replaces whatever held
     * its slot. Names are {@link String#intern() interned}, so they are the very instances of the decoders' string
     * literals and a {@code switch} on them compares by identity. Entries are immutable, so a racy read sees a whole
     * entry or none.
     */
    static final class Strings {
        private static final int SLOTS = 1024;
        private static final int MAX_LEN = 32;
        private static final Entry[] TABLE = new Entry[SLOTS];

        private record Entry(byte[] bytes, String value) {}

        private Strings() {}

        static String intern(byte[] b, int off, int len) {
            if (len == 0 || len > MAX_LEN) {
                return new String(b, off, len, StandardCharsets.UTF_8);
            }
            int h = len * 0x9E3779B1 ^ b[off] * 31 ^ b[off + len - 1] * 1021 ^ b[off + (len >> 1)] * 8191;
            int slot = (h ^ (h >>> 15)) & (SLOTS - 1);
            Entry e = TABLE[slot];
            if (e != null && same(e.bytes, b, off, len)) {
                return e.value;
            }
            String s = new String(b, off, len, StandardCharsets.UTF_8).intern();
            TABLE[slot] = new Entry(Arrays.copyOfRange(b, off, off + len), s);
            return s;
        }

        private static boolean same(byte[] known, byte[] b, int off, int len) {
            if (known.length != len) {
                return false;
            }
            for (int i = 0; i < len; i++) {
                if (known[i] != b[off + i]) {
                    return false;
                }
            }
            return true;
        }
    }
}
