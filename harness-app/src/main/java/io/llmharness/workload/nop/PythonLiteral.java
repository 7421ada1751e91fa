package io.llmharness.workload.nop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the Python literal vLLM prints after {@code non-default args:} (a {@code repr} of a dict) into Java values:
 * str → String, int → Long, float → Double, True/False → Boolean, None → null, list/tuple/set → List, dict →
 * Map with string keys. Anything else {@code repr} may print ({@code LoadFormat.AUTO}, {@code PosixPath('/m')},
 * {@code <Enum: 1>}) is kept as its source text.
 */
final class PythonLiteral {

    private final String s;
    private int pos;

    private PythonLiteral(String s) {
        this.s = s;
    }

    /**
     * The value of the literal starting at the first {@code {} of {@code text}.
     *
     * @throws IllegalArgumentException when the text has no complete literal (the message says where)
     */
    static Map<String, Object> dict(String text) {
        int open = text.indexOf('{');
        if (open < 0) {
            throw new IllegalArgumentException("no '{' in the args");
        }
        PythonLiteral p = new PythonLiteral(text);
        p.pos = open;
        Object v = p.value();
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) v;
        return map;
    }

    private Object value() {
        skipSpaces();
        if (pos >= s.length()) {
            throw error("the text ends where a value should be");
        }
        char c = s.charAt(pos);
        return switch (c) {
            case '{' -> dictOrSet();
            case '[' -> sequence(']');
            case '(' -> sequence(')');
            case '\'', '"' -> string();
            default -> startsNumber(c) ? number() : bare();
        };
    }

    private boolean startsNumber(char c) {
        return Character.isDigit(c) || (c == '-' && pos + 1 < s.length() && Character.isDigit(s.charAt(pos + 1)));
    }

    private Object dictOrSet() {
        pos++;
        Map<String, Object> map = new LinkedHashMap<>();
        List<Object> set = new ArrayList<>();
        while (true) {
            skipSpaces();
            if (peek() == '}') {
                pos++;
                return set.isEmpty() ? map : set;
            }
            Object key = value();
            skipSpaces();
            if (peek() == ':') {
                pos++;
                map.put(String.valueOf(key), value());
            } else {
                set.add(key);
            }
            separator('}');
        }
    }

    private List<Object> sequence(char close) {
        pos++;
        List<Object> list = new ArrayList<>();
        while (true) {
            skipSpaces();
            if (peek() == close) {
                pos++;
                return list;
            }
            list.add(value());
            separator(close);
        }
    }

    private void separator(char close) {
        skipSpaces();
        char c = peek();
        if (c == ',') {
            pos++;
        } else if (c != close) {
            throw error("expected ',' or '" + close + "'");
        }
    }

    private String string() {
        char quote = s.charAt(pos++);
        StringBuilder sb = new StringBuilder();
        while (pos < s.length()) {
            char c = s.charAt(pos++);
            if (c == quote) {
                return sb.toString();
            }
            if (c == '\\' && pos < s.length()) {
                char e = s.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'x' -> {
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 2), 16));
                        pos += 2;
                    }
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        throw error("a string is not closed");
    }

    private Object number() {
        int start = pos;
        pos++;
        while (pos < s.length() && "0123456789.eE+-_".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
        String n = s.substring(start, pos).replace("_", "");
        try {
            return n.matches("-?\\d+") ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
        } catch (NumberFormatException e) {
            return n;
        }
    }

    /** True/False/None, or any other repr kept as text up to the next separator at this nesting level. */
    private Object bare() {
        int start = pos;
        int depth = 0;
        char quote = 0;
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (quote != 0) {
                if (c == '\\') {
                    pos++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if ("([{<".indexOf(c) >= 0) {
                depth++;
            } else if (")]}>".indexOf(c) >= 0) {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if ((c == ',' || c == ':') && depth == 0) {
                break;
            }
            pos++;
        }
        String word = s.substring(start, pos).strip();
        return switch (word) {
            case "True" -> Boolean.TRUE;
            case "False" -> Boolean.FALSE;
            case "None" -> null;
            case "" -> throw error("expected a value");
            default -> word;
        };
    }

    private char peek() {
        if (pos >= s.length()) {
            throw error("the text ends inside the literal");
        }
        return s.charAt(pos);
    }

    private void skipSpaces() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at character " + (pos + 1));
    }
}
