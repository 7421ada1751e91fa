package io.llmharness.loadgen.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * LoadGen's line-oriented {@code key = value} reader, quirks included: tokens are separated by whitespace, so
 * {@code a=b} is one token and is ignored; a token {@code #} ends the line only while the key or {@code =} is
 * expected; every token after {@code =} must parse entirely as a C integer or double and replaces the value
 * before it (so a trailing {@code # comment} is an error).
 */
public final class ConfigParser {

    private ConfigParser() {}

    /**
     * The key/value pairs of a file and its errors. With any error the caller must apply nothing.
     *
     * @param values raw value text per {@code model.scenario.field} key (later lines win)
     * @param errors messages in LoadGen's wording, in line order
     */
    public record Parsed(Map<String, String> values, List<String> errors) {}

    /** Parses file content; lines end at {@code \n} like {@code std::getline}. */
    public static Parsed parse(String content) {
        Map<String, String> values = new HashMap<>();
        List<String> errors = new ArrayList<>();
        String[] lines = content.split("\n");
        for (int i = 0; i < lines.length; i++) {
            parseLine(lines[i], i + 1, values, errors);
        }
        return new Parsed(values, errors);
    }

    private static void parseLine(String line, int lineNr, Map<String, String> values, List<String> errors) {
        int lookingFor = 0; // 0 = key, 1 = '=', 2 = value
        String key = null;
        for (String token : tokens(line)) {
            if (token.equals("#") && lookingFor != 2) {
                return;
            }
            if (lookingFor == 2) {
                if (CNumbers.isWholeUnsigned(token) || CNumbers.isWholeDouble(token)) {
                    values.put(key, token);
                    continue;
                }
                errors.add("value needs to be integer or double, line=" + lineNr);
                return;
            }
            if (lookingFor == 1 && !token.equals("=")) {
                errors.add("expected 'key=value', line=" + lineNr);
                return;
            }
            if (lookingFor == 0) {
                key = token;
            }
            lookingFor++;
        }
    }

    private static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && CNumbers.isCSpace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < line.length() && !CNumbers.isCSpace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out;
    }
}
